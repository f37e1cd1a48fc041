/**
 * The i3 simulator's collection sites and ZIP-code table (decision 0072). The sites are made up, placed where
 * mariners crew: the Gulf Coast ports first (Houston and the Ship Channel, Galveston, Freeport, Corpus Christi,
 * Port Arthur, Lake Charles, Morgan City, Houma, Port Fourchon, New Orleans, Gulfport, Pascagoula, Mobile,
 * Pensacola, Tampa), then the other US port cities. Names are invented, street names and ZIP codes are real
 * places near each port, coordinates are within a mile or two of the address, and telephone numbers are in the
 * 555-01xx range that is never assigned. Nothing here is a real business.
 *
 * A ZIP code is placed by this table of ZIP centres, then by its first three digits (the sectional centre);
 * one that neither knows is refused as i3 would refuse it.
 */
import type { CollectionSite, SiteService } from "./i3.ts";

type Site = Omit<CollectionSite, "distance_miles">;

const WEEKDAYS = ["Mon–Fri 7:00 AM – 5:00 PM", "Sat 8:00 AM – 12:00 PM", "Sun closed"];
const EARLY = ["Mon–Fri 6:00 AM – 4:30 PM", "Sat–Sun closed"];
const LONG = ["Mon–Fri 7:00 AM – 7:00 PM", "Sat 8:00 AM – 4:00 PM", "Sun closed"];
const ALWAYS = ["Open 24 hours, 7 days (after 7:00 PM call ahead)"];
const OFFICE = ["Mon–Fri 8:00 AM – 5:00 PM", "Sat–Sun closed"];

const SERVICE_CODES: Record<string, SiteService> = {
  U: "dot_urine",
  N: "non_dot_urine",
  B: "breath_alcohol",
  O: "observed_collection",
  H: "hair",
};

/** id, name, street, city, state, ZIP, latitude, longitude, phone, hours, services (UNBOH), walk-ins. */
type Row = [
  string,
  string,
  string,
  string,
  string,
  string,
  number,
  number,
  string,
  string[],
  string,
  boolean,
];

// deno-fmt-ignore
const ROWS: Row[] = [
  // Texas
  ["SIM-TX-001", "Ship Channel Occupational Health", "1200 Clinton Dr", "Galena Park", "TX", "77547", 29.7384, -95.2303, "(713) 555-0142", LONG, "UNBO", true],
  ["SIM-TX-002", "Pasadena Workforce Testing Center", "3200 Red Bluff Rd", "Pasadena", "TX", "77503", 29.6911, -95.1772, "(281) 555-0117", EARLY, "UNBOH", true],
  ["SIM-TX-003", "Bayport Industrial Clinic", "11200 Port Rd", "Seabrook", "TX", "77586", 29.6133, -95.0213, "(281) 555-0163", WEEKDAYS, "UNB", true],
  ["SIM-TX-004", "Baytown Marine & Industrial Testing", "4300 Garth Rd", "Baytown", "TX", "77521", 29.7716, -94.9813, "(281) 555-0189", WEEKDAYS, "UNBO", true],
  ["SIM-TX-005", "Downtown Houston Collection Services", "1415 Louisiana St", "Houston", "TX", "77002", 29.7537, -95.3700, "(713) 555-0108", OFFICE, "UN", false],
  ["SIM-TX-006", "Galveston Harbor Clinic", "2200 Harborside Dr", "Galveston", "TX", "77550", 29.3079, -94.7935, "(409) 555-0124", LONG, "UNBO", true],
  ["SIM-TX-007", "Texas City Port Testing", "2401 Loop 197 N", "Texas City", "TX", "77590", 29.3997, -94.9196, "(409) 555-0156", WEEKDAYS, "UNB", true],
  ["SIM-TX-008", "Brazosport Occupational Medicine", "1306 W 2nd St", "Freeport", "TX", "77541", 28.9522, -95.3627, "(979) 555-0131", EARLY, "UNBO", true],
  ["SIM-TX-009", "Coastal Bend Collection Center", "802 N Shoreline Blvd", "Corpus Christi", "TX", "78401", 27.8003, -97.3933, "(361) 555-0177", WEEKDAYS, "UNBOH", true],
  ["SIM-TX-010", "Sabine Pass Workforce Health", "3100 Procter St", "Port Arthur", "TX", "77640", 29.8780, -93.9413, "(409) 555-0145", ALWAYS, "UNBO", true],
  ["SIM-TX-011", "Beaumont Industrial Testing", "590 Calder Ave", "Beaumont", "TX", "77701", 30.0855, -94.1011, "(409) 555-0198", WEEKDAYS, "UNB", false],
  // Louisiana
  ["SIM-LA-001", "Lake Charles Port Occupational Health", "1500 Broad St", "Lake Charles", "LA", "70601", 30.2266, -93.2110, "(337) 555-0112", LONG, "UNBO", true],
  ["SIM-LA-002", "Atchafalaya Marine Testing", "1000 Brashear Ave", "Morgan City", "LA", "70380", 29.6994, -91.1987, "(985) 555-0139", ALWAYS, "UNBO", true],
  ["SIM-LA-003", "Bayou Terrebonne Collection Site", "1105 Grand Caillou Rd", "Houma", "LA", "70363", 29.5689, -90.7210, "(985) 555-0150", EARLY, "UNBOH", true],
  ["SIM-LA-004", "Fourchon Crew Testing", "17700 LA-3235", "Galliano", "LA", "70354", 29.4422, -90.2995, "(985) 555-0171", ALWAYS, "UNBO", true],
  ["SIM-LA-005", "Crescent City Occupational Health", "1500 Tchoupitoulas St", "New Orleans", "LA", "70130", 29.9354, -90.0690, "(504) 555-0126", WEEKDAYS, "UNBOH", true],
  ["SIM-LA-006", "West Bank Marine Clinic", "1700 Destrehan Ave", "Harvey", "LA", "70058", 29.9044, -90.0787, "(504) 555-0183", EARLY, "UNBO", true],
  ["SIM-LA-007", "Capital River Port Testing", "2425 Nicholson Dr", "Baton Rouge", "LA", "70802", 30.4317, -91.1893, "(225) 555-0167", WEEKDAYS, "UNB", false],
  // Mississippi, Alabama, Florida
  ["SIM-MS-001", "Gulfport Harbor Testing", "2510 14th St", "Gulfport", "MS", "39501", 30.3694, -89.0946, "(228) 555-0119", WEEKDAYS, "UNBO", true],
  ["SIM-MS-002", "Pascagoula Shipyard Clinic", "3704 Market St", "Pascagoula", "MS", "39567", 30.3670, -88.5546, "(228) 555-0158", EARLY, "UNBO", true],
  ["SIM-AL-001", "Port City Occupational Health", "251 N Water St", "Mobile", "AL", "36602", 30.6944, -88.0399, "(251) 555-0134", LONG, "UNBOH", true],
  ["SIM-AL-002", "Bayou La Batre Workforce Testing", "13795 Shell Belt Rd", "Bayou La Batre", "AL", "36509", 30.3969, -88.2494, "(251) 555-0181", WEEKDAYS, "UNB", true],
  ["SIM-FL-001", "Pensacola Bay Collection Center", "700 S Palafox St", "Pensacola", "FL", "32502", 30.4058, -87.2153, "(850) 555-0146", WEEKDAYS, "UNBO", true],
  ["SIM-FL-002", "St. Andrews Bay Testing", "5321 W Hwy 98", "Panama City", "FL", "32401", 30.1710, -85.7096, "(850) 555-0192", OFFICE, "UN", false],
  ["SIM-FL-003", "Port Tampa Bay Occupational Health", "1101 Channelside Dr", "Tampa", "FL", "33602", 27.9449, -82.4489, "(813) 555-0105", LONG, "UNBOH", true],
  ["SIM-FL-004", "Biscayne Port Testing", "1015 N America Way", "Miami", "FL", "33132", 25.7781, -80.1780, "(305) 555-0137", LONG, "UNBO", true],
  ["SIM-FL-005", "Port Everglades Crew Clinic", "1850 Eller Dr", "Fort Lauderdale", "FL", "33316", 26.0918, -80.1231, "(954) 555-0161", WEEKDAYS, "UNBO", true],
  ["SIM-FL-006", "St. Johns River Collection Site", "2831 Talleyrand Ave", "Jacksonville", "FL", "32206", 30.3540, -81.6254, "(904) 555-0128", EARLY, "UNB", true],
  // Atlantic ports
  ["SIM-GA-001", "Savannah Riverfront Testing", "1 E Bay St", "Savannah", "GA", "31401", 32.0808, -81.0912, "(912) 555-0153", WEEKDAYS, "UNBO", true],
  ["SIM-SC-001", "Charleston Harbor Occupational Health", "196 Concord St", "Charleston", "SC", "29401", 32.7820, -79.9255, "(843) 555-0174", WEEKDAYS, "UNBOH", true],
  ["SIM-VA-001", "Hampton Roads Maritime Clinic", "1 Waterside Dr", "Norfolk", "VA", "23510", 36.8440, -76.2896, "(757) 555-0110", LONG, "UNBO", true],
  ["SIM-MD-001", "Locust Point Collection Center", "1801 E Fort Ave", "Baltimore", "MD", "21230", 39.2720, -76.5910, "(410) 555-0148", WEEKDAYS, "UNB", true],
  ["SIM-PA-001", "Delaware River Port Testing", "2300 S Columbus Blvd", "Philadelphia", "PA", "19148", 39.9170, -75.1400, "(215) 555-0186", WEEKDAYS, "UNBO", false],
  ["SIM-NJ-001", "Port Elizabeth Occupational Health", "1000 Corbin St", "Elizabeth", "NJ", "07201", 40.6747, -74.1640, "(908) 555-0123", LONG, "UNBOH", true],
  ["SIM-NY-001", "Red Hook Marine Testing", "160 Van Brunt St", "Brooklyn", "NY", "11231", 40.6820, -74.0066, "(718) 555-0159", WEEKDAYS, "UNB", true],
  ["SIM-MA-001", "Boston Seaport Clinic", "1 Black Falcon Ave", "Boston", "MA", "02210", 42.3446, -71.0305, "(617) 555-0172", WEEKDAYS, "UNBO", true],
  // Inland waterways and the Great Lakes
  ["SIM-TN-001", "Mid-South River Testing", "245 Wagner Pl", "Memphis", "TN", "38103", 35.1412, -90.0528, "(901) 555-0114", WEEKDAYS, "UNBO", true],
  ["SIM-KY-001", "Paducah Towboat Crew Clinic", "100 Kentucky Ave", "Paducah", "KY", "42003", 37.0866, -88.5980, "(270) 555-0165", EARLY, "UNBO", true],
  ["SIM-MO-001", "Gateway Riverfront Testing", "500 N Leonor K Sullivan Blvd", "St. Louis", "MO", "63102", 38.6310, -90.1840, "(314) 555-0132", WEEKDAYS, "UNB", false],
  ["SIM-IL-001", "Calumet Harbor Collection Site", "3600 E 95th St", "Chicago", "IL", "60617", 41.7223, -87.5383, "(773) 555-0178", WEEKDAYS, "UNBO", true],
  ["SIM-MN-001", "Twin Ports Occupational Health", "1200 Port Terminal Dr", "Duluth", "MN", "55802", 46.7620, -92.1100, "(218) 555-0121", OFFICE, "UNB", true],
  // Pacific ports
  ["SIM-CA-001", "Harbor Gateway Occupational Health", "300 S Harbor Blvd", "San Pedro", "CA", "90731", 33.7380, -118.2780, "(310) 555-0135", LONG, "UNBOH", true],
  ["SIM-CA-002", "Long Beach Port Testing", "1300 W Anaheim St", "Long Beach", "CA", "90813", 33.7817, -118.2110, "(562) 555-0187", ALWAYS, "UNBO", true],
  ["SIM-CA-003", "Oakland Estuary Clinic", "530 Water St", "Oakland", "CA", "94607", 37.7955, -122.2780, "(510) 555-0144", WEEKDAYS, "UNBO", true],
  ["SIM-CA-004", "San Diego Bay Collection Center", "2401 E Harbor Dr", "San Diego", "CA", "92113", 32.6960, -117.1390, "(619) 555-0190", WEEKDAYS, "UNB", true],
  ["SIM-WA-001", "Harbor Island Occupational Health", "2201 E Marginal Way S", "Seattle", "WA", "98134", 47.5850, -122.3380, "(206) 555-0115", LONG, "UNBOH", true],
  ["SIM-WA-002", "Commencement Bay Testing", "1101 Port of Tacoma Rd", "Tacoma", "WA", "98421", 47.2630, -122.4060, "(253) 555-0169", EARLY, "UNBO", true],
  ["SIM-OR-001", "Willamette Port Clinic", "8440 N Lombard St", "Portland", "OR", "97203", 45.5900, -122.7530, "(503) 555-0127", WEEKDAYS, "UNB", true],
  ["SIM-AK-001", "Ship Creek Workforce Testing", "2000 Anchorage Port Rd", "Anchorage", "AK", "99501", 61.2330, -149.8860, "(907) 555-0151", OFFICE, "UNBO", true],
  ["SIM-HI-001", "Honolulu Harbor Clinic", "1 Sand Island Access Rd", "Honolulu", "HI", "96819", 21.3190, -157.8800, "(808) 555-0182", WEEKDAYS, "UNBO", true],
];

export const SIM_SITES: Site[] = ROWS.map((
  [site_id, name, line1, city, state, zip, latitude, longitude, phone, hours, services, walk_ins],
) => ({
  site_id,
  name,
  address: { line1, city, state, zip },
  latitude,
  longitude,
  phone,
  hours,
  services: [...services].map((code) => SERVICE_CODES[code]),
  walk_ins,
}));

/**
 * ZIP code centres (approximate): each site's own ZIP code and the main ZIP codes of the cities around them.
 * Latitude, longitude.
 */
const ZIP_CENTRES: Record<string, [number, number]> = {
  // Houston and the Ship Channel
  "77002": [29.7560, -95.3650],
  "77003": [29.7490, -95.3460],
  "77011": [29.7420, -95.3090],
  "77012": [29.7190, -95.2790],
  "77015": [29.7830, -95.1850],
  "77017": [29.6860, -95.2550],
  "77029": [29.7630, -95.2600],
  "77034": [29.6360, -95.2210],
  "77058": [29.5600, -95.0950],
  "77503": [29.6890, -95.1580],
  "77506": [29.7050, -95.1990],
  "77520": [29.7450, -94.9650],
  "77521": [29.7960, -94.9750],
  "77547": [29.7390, -95.2350],
  "77571": [29.6850, -95.0400],
  "77586": [29.5870, -95.0280],
  // Galveston, Texas City, Freeport
  "77550": [29.3050, -94.7800],
  "77551": [29.2800, -94.8300],
  "77554": [29.2150, -94.9400],
  "77590": [29.3950, -94.9200],
  "77541": [28.9540, -95.3600],
  // Corpus Christi, Port Arthur, Beaumont
  "78401": [27.7980, -97.4000],
  "78402": [27.8200, -97.3900],
  "78373": [27.8300, -97.0800],
  "77640": [29.8700, -93.9400],
  "77642": [29.9300, -93.9300],
  "77701": [30.0750, -94.1050],
  // Louisiana
  "70601": [30.2250, -93.2170],
  "70663": [30.2200, -93.3800],
  "70380": [29.6970, -91.1900],
  "70360": [29.5950, -90.7200],
  "70363": [29.5600, -90.7000],
  "70354": [29.4400, -90.3000],
  "70357": [29.2500, -90.2200],
  "70112": [29.9560, -90.0770],
  "70116": [29.9680, -90.0640],
  "70130": [29.9400, -90.0700],
  "70058": [29.8700, -90.0700],
  "70094": [29.9100, -90.2000],
  "70802": [30.4420, -91.1800],
  // Mississippi, Alabama
  "39501": [30.3800, -89.1000],
  "39530": [30.4000, -88.8900],
  "39567": [30.3600, -88.5500],
  "36602": [30.6900, -88.0450],
  "36603": [30.6800, -88.0500],
  "36509": [30.4000, -88.2500],
  // Florida
  "32502": [30.4100, -87.2200],
  "32401": [30.1600, -85.6700],
  "33602": [27.9500, -82.4600],
  "33605": [27.9600, -82.4300],
  "33132": [25.7800, -80.1900],
  "33101": [25.7800, -80.1970],
  "33316": [26.1000, -80.1300],
  "32206": [30.3500, -81.6400],
  "32202": [30.3300, -81.6550],
  // Atlantic
  "31401": [32.0750, -81.0900],
  "29401": [32.7800, -79.9350],
  "23510": [36.8500, -76.2900],
  "23505": [36.9150, -76.2850],
  "21230": [39.2700, -76.6200],
  "21224": [39.2800, -76.5600],
  "19148": [39.9200, -75.1600],
  "07201": [40.6600, -74.2000],
  "07105": [40.7250, -74.1450],
  "11231": [40.6800, -74.0000],
  "10004": [40.6990, -74.0390],
  "02210": [42.3480, -71.0400],
  "02109": [42.3640, -71.0530],
  // Inland waterways and the Great Lakes
  "38103": [35.1500, -90.0500],
  "42001": [37.0600, -88.6400],
  "42003": [37.0400, -88.5800],
  "63102": [38.6350, -90.1870],
  "60617": [41.7100, -87.5600],
  "55802": [46.7700, -92.1000],
  // Pacific
  "90731": [33.7400, -118.2900],
  "90744": [33.7800, -118.2600],
  "90802": [33.7700, -118.1900],
  "90813": [33.7800, -118.2000],
  "94607": [37.8000, -122.2900],
  "92113": [32.6950, -117.1200],
  "92101": [32.7200, -117.1650],
  "98134": [47.5800, -122.3400],
  "98101": [47.6100, -122.3350],
  "98421": [47.2600, -122.4000],
  "97203": [45.5900, -122.7500],
  "99501": [61.2200, -149.8700],
  "96819": [21.3400, -157.8800],
  "96813": [21.3100, -157.8600],
};

/** The first three digits of a ZIP code: the sectional centre's city, for ZIP codes not listed above. */
const PREFIX_CENTRES: Record<string, [number, number]> = {
  "770": [29.7600, -95.3700], // Houston
  "773": [29.9900, -95.4200], // Houston north
  "774": [29.5600, -95.2900], // Houston south, Pearland, Sugar Land
  "775": [29.4200, -94.9800], // Galveston county, Pasadena, Baytown
  "776": [29.9500, -94.0300], // Beaumont, Port Arthur
  "783": [27.7500, -97.4200], // Corpus Christi region
  "784": [27.7800, -97.4200], // Corpus Christi
  "700": [29.9500, -90.0700], // New Orleans region
  "701": [29.9600, -90.0800], // New Orleans
  "703": [29.6000, -90.7200], // Houma, Thibodaux
  "704": [30.4800, -90.1000], // Hammond, Covington
  "705": [30.2200, -92.0200], // Lafayette
  "706": [30.2300, -93.2200], // Lake Charles
  "707": [30.4500, -91.1500], // Baton Rouge region
  "708": [30.4500, -91.1500], // Baton Rouge
  "395": [30.3900, -89.0000], // Gulfport, Biloxi, Pascagoula
  "365": [30.6900, -88.0500], // Mobile region
  "366": [30.6900, -88.0400], // Mobile
  "325": [30.4200, -87.2200], // Pensacola
  "324": [30.1600, -85.6600], // Panama City
  "335": [27.9500, -82.4600], // Tampa
  "336": [27.9500, -82.4600], // Tampa
  "331": [25.7700, -80.1900], // Miami
  "333": [26.1200, -80.1400], // Fort Lauderdale
  "322": [30.3300, -81.6600], // Jacksonville
  "314": [32.0800, -81.1000], // Savannah
  "294": [32.7800, -79.9300], // Charleston
  "235": [36.8500, -76.2900], // Norfolk
  "212": [39.2900, -76.6100], // Baltimore
  "191": [39.9500, -75.1600], // Philadelphia
  "072": [40.6600, -74.2100], // Elizabeth
  "071": [40.7350, -74.1700], // Newark
  "112": [40.6500, -73.9500], // Brooklyn
  "100": [40.7500, -73.9900], // Manhattan
  "021": [42.3600, -71.0600], // Boston
  "381": [35.1500, -90.0500], // Memphis
  "420": [37.0800, -88.6000], // Paducah
  "631": [38.6300, -90.2000], // St. Louis
  "606": [41.8800, -87.6300], // Chicago
  "558": [46.7900, -92.1000], // Duluth
  "907": [33.7800, -118.2000], // Long Beach
  "900": [34.0500, -118.2500], // Los Angeles
  "946": [37.8000, -122.2700], // Oakland
  "921": [32.7200, -117.1600], // San Diego
  "981": [47.6100, -122.3300], // Seattle
  "984": [47.2500, -122.4400], // Tacoma
  "972": [45.5200, -122.6800], // Portland
  "995": [61.2200, -149.9000], // Anchorage
  "968": [21.3100, -157.8600], // Honolulu
};

/** A ZIP code's centre from the table, else its sectional centre's; undefined when neither is known. */
export function zipCentre(zip: string): { latitude: number; longitude: number } | undefined {
  const point = ZIP_CENTRES[zip] ?? PREFIX_CENTRES[zip.slice(0, 3)];
  return point && { latitude: point[0], longitude: point[1] };
}
