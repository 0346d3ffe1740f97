/** A country a member may pick: its ISO code and its name in the member's language. */
export interface CountryChoice {
  code: string;
  name: string;
}

/**
 * The site's countries as a select's options (value the code, text the name), the same in every
 * member form that asks for a country.
 */
export function CountryOptions({ countries }: { countries: readonly CountryChoice[] }) {
  return countries.map((country) => (
    <option key={country.code} value={country.code}>
      {country.name}
    </option>
  ));
}
