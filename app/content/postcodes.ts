// Melbourne postcodes and the localities they cover, used to fill a quote request's
// suburb from the postcode the visitor typed.
//
// These postcode–locality pairs are everyday facts we typed in ourselves for the areas we
// work in; they are not copied from Australia Post's or any other licensed dataset. The
// list is deliberately small: a postcode that is missing simply keeps the postcode as
// its "suburb" and nothing else changes.

export const POSTCODE_LOCALITIES: Readonly<Record<string, readonly string[]>> = {
  // Inner city
  "3000": ["Melbourne"],
  "3002": ["East Melbourne"],
  "3003": ["West Melbourne"],
  "3004": ["Melbourne"],
  "3006": ["Southbank"],
  "3008": ["Docklands"],
  "3051": ["North Melbourne"],
  "3052": ["Parkville"],
  "3053": ["Carlton"],
  "3054": ["Carlton North", "Princes Hill"],
  "3065": ["Fitzroy"],
  "3066": ["Collingwood"],
  "3067": ["Abbotsford"],
  "3068": ["Clifton Hill", "Fitzroy North"],
  "3121": ["Richmond", "Burnley", "Cremorne"],
  "3141": ["South Yarra"],
  "3205": ["South Melbourne"],
  "3206": ["Albert Park", "Middle Park"],
  "3207": ["Port Melbourne"],
  // West
  "3011": ["Footscray", "Seddon"],
  "3012": ["West Footscray", "Brooklyn", "Kingsville", "Maidstone", "Tottenham"],
  "3013": ["Yarraville"],
  "3015": ["Newport", "Spotswood", "South Kingsville"],
  "3016": ["Williamstown"],
  "3018": ["Altona", "Seaholme"],
  "3019": ["Braybrook"],
  "3020": ["Sunshine", "Albion", "Sunshine North", "Sunshine West"],
  "3021": ["St Albans", "Kealba", "Kings Park"],
  "3023": ["Caroline Springs", "Deer Park"],
  "3025": ["Altona North"],
  "3028": ["Altona Meadows", "Laverton", "Seabrook"],
  "3029": ["Hoppers Crossing", "Tarneit", "Truganina"],
  "3030": ["Werribee", "Point Cook"],
  "3337": ["Melton"],
  // North-west
  "3031": ["Flemington", "Kensington"],
  "3032": ["Ascot Vale", "Maribyrnong"],
  "3033": ["Keilor East"],
  "3034": ["Avondale Heights"],
  "3038": ["Taylors Lakes", "Keilor Downs"],
  "3039": ["Moonee Ponds"],
  "3040": ["Essendon", "Aberfeldie", "Essendon West"],
  "3041": ["Essendon North", "Strathmore"],
  "3042": ["Airport West", "Keilor Park", "Niddrie"],
  "3043": ["Tullamarine", "Gladstone Park"],
  "3044": ["Pascoe Vale", "Pascoe Vale South"],
  "3046": ["Glenroy", "Oak Park", "Hadfield"],
  "3047": ["Broadmeadows", "Dallas", "Jacana"],
  "3429": ["Sunbury"],
  // North
  "3055": ["Brunswick West", "Brunswick South", "Moonee Vale"],
  "3056": ["Brunswick", "Brunswick North"],
  "3057": ["Brunswick East"],
  "3058": ["Coburg", "Coburg North"],
  "3060": ["Fawkner"],
  "3070": ["Northcote"],
  "3071": ["Thornbury"],
  "3072": ["Preston"],
  "3073": ["Reservoir"],
  "3074": ["Thomastown"],
  "3075": ["Lalor"],
  "3076": ["Epping"],
  "3078": ["Alphington", "Fairfield"],
  "3079": ["Ivanhoe", "Ivanhoe East"],
  "3081": ["Heidelberg West", "Heidelberg Heights", "Bellfield"],
  "3082": ["Mill Park"],
  "3083": ["Bundoora", "Kingsbury"],
  "3084": ["Heidelberg", "Eaglemont", "Rosanna", "Viewbank"],
  "3085": ["Macleod", "Yallambie"],
  "3087": ["Watsonia", "Watsonia North"],
  "3088": ["Greensborough", "Briar Hill", "St Helena"],
  "3094": ["Montmorency"],
  "3095": ["Eltham", "Research"],
  "3754": ["Doreen", "Mernda"],
  // East
  "3101": ["Kew"],
  "3102": ["Kew East"],
  "3103": ["Balwyn", "Deepdene"],
  "3104": ["Balwyn North"],
  "3105": ["Bulleen"],
  "3106": ["Templestowe"],
  "3107": ["Templestowe Lower"],
  "3108": ["Doncaster"],
  "3109": ["Doncaster East"],
  "3111": ["Donvale"],
  "3122": ["Hawthorn"],
  "3123": ["Hawthorn East"],
  "3124": ["Camberwell"],
  "3125": ["Burwood"],
  "3126": ["Canterbury"],
  "3127": ["Mont Albert", "Surrey Hills"],
  "3128": ["Box Hill", "Box Hill South"],
  "3129": ["Box Hill North", "Mont Albert North"],
  "3130": ["Blackburn", "Blackburn North", "Blackburn South"],
  "3131": ["Nunawading", "Forest Hill"],
  "3132": ["Mitcham"],
  "3133": ["Vermont", "Vermont South"],
  "3134": ["Ringwood", "Ringwood North", "Warranwood"],
  "3135": ["Ringwood East", "Heathmont"],
  "3136": ["Croydon"],
  "3137": ["Kilsyth"],
  "3146": ["Glen Iris"],
  "3147": ["Ashburton"],
  "3149": ["Mount Waverley"],
  "3150": ["Glen Waverley", "Wheelers Hill"],
  "3152": ["Wantirna", "Wantirna South"],
  "3153": ["Bayswater"],
  "3155": ["Boronia"],
  "3156": ["Ferntree Gully"],
  // South-east
  "3142": ["Toorak"],
  "3143": ["Armadale"],
  "3144": ["Malvern"],
  "3145": ["Malvern East"],
  "3148": ["Chadstone"],
  "3161": ["Caulfield North"],
  "3162": ["Caulfield", "Caulfield South"],
  "3163": ["Carnegie", "Murrumbeena"],
  "3165": ["Bentleigh East"],
  "3166": ["Oakleigh"],
  "3168": ["Clayton"],
  "3169": ["Clayton South"],
  "3170": ["Mulgrave"],
  "3171": ["Springvale"],
  "3174": ["Noble Park"],
  "3175": ["Dandenong"],
  "3181": ["Prahran", "Windsor"],
  "3182": ["St Kilda"],
  "3183": ["Balaclava", "St Kilda East"],
  "3184": ["Elwood"],
  "3185": ["Elsternwick"],
  "3186": ["Brighton"],
  "3187": ["Brighton East"],
  "3188": ["Hampton"],
  "3189": ["Moorabbin"],
  "3190": ["Highett"],
  "3191": ["Sandringham"],
  "3192": ["Cheltenham"],
  "3193": ["Beaumaris", "Black Rock"],
  "3194": ["Mentone"],
  "3195": ["Mordialloc", "Aspendale", "Parkdale"],
  "3196": ["Chelsea", "Edithvale", "Bonbeach"],
  "3197": ["Carrum", "Patterson Lakes"],
  "3198": ["Seaford"],
  "3199": ["Frankston", "Frankston South"],
  "3200": ["Frankston North"],
  "3201": ["Carrum Downs"],
  "3204": ["Bentleigh", "McKinnon", "Ormond"],
  "3805": ["Narre Warren"],
  "3806": ["Berwick", "Harkaway"],
  "3810": ["Pakenham"],
  "3910": ["Langwarrin"],
  "3930": ["Mount Eliza"],
  "3976": ["Hampton Park"],
  "3977": ["Cranbourne"],
};

/** "3056" -> "Brunswick, Brunswick North"; a postcode we don't list comes back unchanged. */
export function suburbForPostcode(postcode: string): string {
  const localities = Object.hasOwn(POSTCODE_LOCALITIES, postcode)
    ? POSTCODE_LOCALITIES[postcode]
    : undefined;
  return localities && localities.length > 0 ? localities.join(", ") : postcode;
}

/**
 * Greater Melbourne as postcode ranges. An approximation: the official boundary does not
 * follow postcodes, and a few fringe postcodes inside these ranges are semi-rural. It only
 * flags requests for a person to look at; nobody is turned away because of it.
 */
export const SERVICE_AREA_RANGES: readonly (readonly [number, number])[] = [
  [3000, 3207],
  [3335, 3341], // west: Rockbank, Melton
  [3427, 3429], // north-west: Diggers Rest, Bulla, Sunbury
  [3750, 3810], // north and south-east growth areas
  [3910, 3944], // Frankston to the Mornington Peninsula
  [3975, 3978], // Lynbrook, Hampton Park, Cranbourne
];

function postcodeNumber(postcode: string): number | undefined {
  return /^\d{4}$/.test(postcode) ? Number(postcode) : undefined;
}

/** Victorian postcodes: 3000–3999 for places, 8000–8999 for PO boxes and large users. */
export function isVictorianPostcode(postcode: string): boolean {
  const n = postcodeNumber(postcode);
  return n !== undefined && ((n >= 3000 && n <= 3999) || (n >= 8000 && n <= 8999));
}

export function isInServiceArea(postcode: string): boolean {
  const n = postcodeNumber(postcode);
  return n !== undefined && SERVICE_AREA_RANGES.some(([low, high]) => n >= low && n <= high);
}
