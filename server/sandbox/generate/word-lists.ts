// Hand-written word lists for a believable general store. Brand names are invented.

export type OptionKind = 'apparel' | 'colour' | 'finish' | 'capacity' | 'none';

export type SubcategorySpec = {
  name: string;
  code: string;
  nouns: string[];
  options: OptionKind;
  /** Third-level categories under this one (each gets a share of its products). */
  children?: string[];
};

export type DepartmentSpec = { name: string; subcategories: SubcategorySpec[] };

export const DEPARTMENTS: DepartmentSpec[] = [
  {
    name: 'Apparel',
    subcategories: [
      {
        name: 'T-Shirts',
        code: 'TEE',
        nouns: ['Crew Tee', 'V-Neck Tee', 'Pocket Tee', 'Long Sleeve Tee', 'Henley'],
        options: 'apparel',
      },
      {
        name: 'Jackets',
        code: 'JKT',
        nouns: ['Rain Jacket', 'Field Jacket', 'Puffer Jacket', 'Denim Jacket', 'Softshell'],
        options: 'apparel',
        children: ['Rainwear', 'Insulated'],
      },
      {
        name: 'Knitwear',
        code: 'KNT',
        nouns: ['Merino Sweater', 'Cardigan', 'Fisherman Jumper', 'Quarter-Zip', 'Beanie'],
        options: 'apparel',
      },
      {
        name: 'Trousers',
        code: 'TRS',
        nouns: ['Chino', 'Work Pant', 'Cord Trouser', 'Jogger', 'Cargo Short'],
        options: 'apparel',
      },
      {
        name: 'Accessories',
        code: 'ACC',
        nouns: ['Leather Belt', 'Wool Scarf', 'Canvas Cap', 'Card Wallet', 'Tote Bag'],
        options: 'colour',
      },
    ],
  },
  {
    name: 'Home & Kitchen',
    subcategories: [
      {
        name: 'Cookware',
        code: 'CKW',
        nouns: ['Skillet', 'Dutch Oven', 'Saucepan', 'Wok', 'Griddle Pan'],
        options: 'capacity',
        children: ['Cast Iron', 'Stainless Steel'],
      },
      {
        name: 'Mugs & Cups',
        code: 'MUG',
        nouns: ['Mug', 'Espresso Cup', 'Travel Mug', 'Tea Cup', 'Tumbler'],
        options: 'colour',
      },
      {
        name: 'Knives',
        code: 'KNF',
        nouns: ["Chef's Knife", 'Paring Knife', 'Bread Knife', 'Santoku', 'Knife Block'],
        options: 'none',
      },
      {
        name: 'Table Linen',
        code: 'LIN',
        nouns: ['Tablecloth', 'Napkin Set', 'Table Runner', 'Tea Towel', 'Apron'],
        options: 'colour',
      },
      {
        name: 'Storage',
        code: 'STO',
        nouns: ['Storage Jar', 'Bread Bin', 'Spice Rack', 'Lunch Box', 'Pantry Canister'],
        options: 'capacity',
      },
    ],
  },
  {
    name: 'Outdoor',
    subcategories: [
      {
        name: 'Tents',
        code: 'TNT',
        nouns: ['Dome Tent', 'Tunnel Tent', 'Ultralight Tent', 'Family Tent', 'Bivy Shelter'],
        options: 'capacity',
      },
      {
        name: 'Backpacks',
        code: 'BPK',
        nouns: ['Daypack', 'Trekking Pack', 'Roll-Top Pack', 'Hydration Pack', 'Sling Bag'],
        options: 'capacity',
        children: ['Daypacks', 'Expedition'],
      },
      {
        name: 'Camp Kitchen',
        code: 'CMP',
        nouns: ['Camp Stove', 'Enamel Plate', 'Titanium Pot', 'Coffee Press', 'Cutlery Kit'],
        options: 'none',
      },
      {
        name: 'Lighting',
        code: 'LGT',
        nouns: ['Headlamp', 'Lantern', 'Torch', 'String Lights', 'Solar Lamp'],
        options: 'finish',
      },
      {
        name: 'Sleeping',
        code: 'SLP',
        nouns: ['Sleeping Bag', 'Sleeping Mat', 'Camp Pillow', 'Bag Liner', 'Hammock'],
        options: 'colour',
      },
    ],
  },
  {
    name: 'Audio',
    subcategories: [
      {
        name: 'Headphones',
        code: 'HPH',
        nouns: [
          'Over-Ear Headphones',
          'Wireless Earbuds',
          'Studio Monitors',
          'Sport Earphones',
          'Noise-Cancelling Headphones',
        ],
        options: 'finish',
        children: ['Wireless', 'Wired'],
      },
      {
        name: 'Speakers',
        code: 'SPK',
        nouns: ['Bookshelf Speaker', 'Portable Speaker', 'Soundbar', 'Subwoofer', 'Smart Speaker'],
        options: 'finish',
      },
      {
        name: 'Turntables',
        code: 'TTB',
        nouns: ['Turntable', 'Phono Preamp', 'Record Cleaner', 'Stylus', 'Slipmat'],
        options: 'none',
      },
      {
        name: 'Cables',
        code: 'CBL',
        nouns: ['Speaker Cable', 'RCA Cable', 'Optical Cable', 'Headphone Extension', 'USB-C Cable'],
        options: 'capacity',
      },
    ],
  },
  {
    name: 'Beauty',
    subcategories: [
      {
        name: 'Skincare',
        code: 'SKN',
        nouns: ['Face Serum', 'Night Cream', 'Cleansing Balm', 'Toner', 'Eye Cream'],
        options: 'capacity',
      },
      {
        name: 'Hair',
        code: 'HAR',
        nouns: ['Shampoo Bar', 'Conditioner', 'Hair Oil', 'Styling Clay', 'Wide-Tooth Comb'],
        options: 'capacity',
      },
      {
        name: 'Fragrance',
        code: 'FRG',
        nouns: ['Eau de Parfum', 'Solid Perfume', 'Room Spray', 'Scented Candle', 'Diffuser'],
        options: 'capacity',
      },
      {
        name: 'Bath',
        code: 'BTH',
        nouns: ['Bath Salts', 'Body Wash', 'Loofah', 'Bath Bomb', 'Hand Soap'],
        options: 'none',
      },
    ],
  },
  {
    name: 'Office',
    subcategories: [
      {
        name: 'Notebooks',
        code: 'NTB',
        nouns: ['Dot Grid Notebook', 'Ruled Journal', 'Sketchbook', 'Planner', 'Pocket Notebook'],
        options: 'colour',
      },
      {
        name: 'Pens',
        code: 'PEN',
        nouns: ['Fountain Pen', 'Rollerball', 'Mechanical Pencil', 'Fineliner Set', 'Brush Pen'],
        options: 'finish',
      },
      {
        name: 'Desk',
        code: 'DSK',
        nouns: ['Desk Organiser', 'Monitor Stand', 'Desk Mat', 'Letter Tray', 'Cable Tidy'],
        options: 'colour',
      },
      {
        name: 'Bags',
        code: 'BAG',
        nouns: ['Laptop Sleeve', 'Messenger Bag', 'Briefcase', 'Pencil Case', 'Document Wallet'],
        options: 'colour',
      },
    ],
  },
  {
    name: 'Garden',
    subcategories: [
      {
        name: 'Tools',
        code: 'GTL',
        nouns: ['Hand Trowel', 'Pruning Shears', 'Garden Fork', 'Hori Hori', 'Weeding Tool'],
        options: 'none',
        children: ['Hand Tools', 'Pruning'],
      },
      {
        name: 'Planters',
        code: 'PLN',
        nouns: ['Terracotta Pot', 'Hanging Planter', 'Window Box', 'Raised Bed', 'Self-Watering Pot'],
        options: 'capacity',
      },
      {
        name: 'Seeds',
        code: 'SDS',
        nouns: ['Tomato Seeds', 'Herb Seed Kit', 'Wildflower Mix', 'Chilli Seeds', 'Salad Leaves'],
        options: 'none',
      },
      {
        name: 'Watering',
        code: 'WTR',
        nouns: ['Watering Can', 'Hose Reel', 'Spray Nozzle', 'Drip Kit', 'Rain Barrel'],
        options: 'capacity',
      },
    ],
  },
  {
    name: 'Toys & Games',
    subcategories: [
      {
        name: 'Puzzles',
        code: 'PZL',
        nouns: ['Jigsaw Puzzle', 'Wooden Puzzle', 'Puzzle Mat', 'Brain Teaser', '3D Puzzle'],
        options: 'none',
      },
      {
        name: 'Board Games',
        code: 'BRD',
        nouns: ['Strategy Game', 'Card Game', 'Family Game', 'Party Game', 'Dice Set'],
        options: 'none',
      },
      {
        name: 'Building',
        code: 'BLD',
        nouns: ['Building Blocks', 'Marble Run', 'Construction Set', 'Magnetic Tiles', 'Robot Kit'],
        options: 'capacity',
      },
    ],
  },
];

/** The second tree (the outlet storefront): categories with nested children, filled with a share of products. */
export const OUTLET_TREE: { name: string; children: string[] }[] = [
  { name: 'Clearance', children: ['Under $20', 'Under $50', 'Final Sale'] },
  { name: 'Last Chance', children: ['Discontinued', 'Seconds'] },
  { name: 'Bundles', children: ['Gift Sets'] },
  { name: 'Seasonal', children: ['Summer', 'Winter', 'Holiday'] },
];

export const BRANDS: { name: string; prefix: string }[] = [
  { name: 'Northwind Outfitters', prefix: 'NWO' },
  { name: 'Alder & Pine', prefix: 'ALP' },
  { name: 'Kestrel Audio', prefix: 'KST' },
  { name: 'Copperleaf Home', prefix: 'CPL' },
  { name: 'Halcyon Studio', prefix: 'HAL' },
  { name: 'Ridgeback Gear', prefix: 'RDG' },
  { name: 'Marlowe & Finch', prefix: 'MAF' },
  { name: 'Saltmarsh Supply Co.', prefix: 'SMS' },
  { name: 'Lumen Works', prefix: 'LUM' },
  { name: 'Fernhill Botanicals', prefix: 'FRN' },
  { name: 'Old Harbour', prefix: 'OLH' },
  { name: 'Quillon', prefix: 'QLN' },
  { name: 'Bramble Toy Co.', prefix: 'BRT' },
  { name: 'Tallis Kitchen', prefix: 'TLK' },
  { name: 'Stonebridge', prefix: 'STB' },
  { name: 'Aurelia Skin', prefix: 'AUR' },
  { name: 'Wolf & Wren', prefix: 'WLW' },
  { name: 'Polar Tern', prefix: 'PLT' },
  { name: 'Greywether', prefix: 'GRY' },
  { name: 'Sundial Goods', prefix: 'SND' },
  { name: 'Blackthorn Forge', prefix: 'BKF' },
  { name: 'Kittiwake', prefix: 'KTW' },
  { name: 'Meridian Paper', prefix: 'MRP' },
  { name: 'Huckleberry Lane', prefix: 'HKL' },
];

export const SERIES = [
  'Ridgeline',
  'Harbour',
  'Summit',
  'Everyday',
  'Heritage',
  'Nomad',
  'Atlas',
  'Coastal',
  'Fieldhouse',
  'Aurora',
  'Cobalt',
  'Juniper',
  'Tundra',
  'Meadow',
  'Voyager',
  'Ember',
  'Drift',
  'Granite',
  'Willow',
  'Canyon',
  'Solstice',
  'Harlow',
  'Orbit',
  'Pioneer',
  'Larkspur',
  'Basalt',
  'Cascade',
  'Foundry',
  'Moss',
  'Prairie',
  'Redwood',
  'Tidal',
];

export const ADJECTIVES = [
  'Classic',
  'Lightweight',
  'Heavyweight',
  'Organic',
  'Recycled',
  'Waxed',
  'Brushed',
  'Hand-Finished',
  'Packable',
  'Insulated',
  'Compact',
  'Deluxe',
  'Essential',
  'Slim',
  'Rugged',
  'Vintage',
  'Modern',
  'Artisan',
  'Pro',
  'Mini',
];

export const MATERIALS = [
  'cotton',
  'merino wool',
  'recycled nylon',
  'waxed canvas',
  'full-grain leather',
  'stoneware',
  'cast iron',
  'stainless steel',
  'bamboo',
  'oak',
  'walnut',
  'aluminium',
  'ripstop polyester',
  'linen',
  'glass',
  'beeswax',
];

export const COLOURS: { label: string; hex: string; code: string }[] = [
  { label: 'Black', hex: '#1F1F1F', code: 'BLK' },
  { label: 'Navy', hex: '#1B2A4A', code: 'NVY' },
  { label: 'Forest Green', hex: '#2E5339', code: 'FGR' },
  { label: 'Rust', hex: '#B7472A', code: 'RST' },
  { label: 'Oatmeal', hex: '#D8CCB4', code: 'OAT' },
  { label: 'Slate', hex: '#5B6770', code: 'SLT' },
  { label: 'Mustard', hex: '#D4A017', code: 'MST' },
  { label: 'Sky Blue', hex: '#8EC9E8', code: 'SKY' },
];

export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
export const FINISHES = ['Matte Black', 'Brushed Silver', 'Walnut', 'Arctic White'];
export const CAPACITIES: Record<string, string[]> = {
  default: ['Small', 'Medium', 'Large'],
};

export const CUSTOM_FIELD_NAMES: { name: string; values: string[] }[] = [
  { name: 'Material', values: MATERIALS },
  {
    name: 'Country of origin',
    values: ['Portugal', 'Japan', 'United Kingdom', 'Vietnam', 'USA', 'Italy', 'India'],
  },
  {
    name: 'Care',
    values: ['Machine wash 30°C', 'Hand wash only', 'Wipe clean', 'Dishwasher safe', 'Do not tumble dry'],
  },
  { name: 'Warranty', values: ['1 year', '2 years', '5 years', 'Lifetime'] },
  { name: 'Certification', values: ['GOTS organic', 'Fair Trade', 'FSC', 'B Corp', 'Vegan'] },
  { name: 'Fit', values: ['Regular', 'Relaxed', 'Slim', 'Oversized'] },
];

export const USES = [
  'weekend trips',
  'everyday use',
  'long days outdoors',
  'small kitchens',
  'the commute',
  'gifting',
  'colder months',
  'busy mornings',
  'the studio',
  'family dinners',
  'the garden shed',
  'rainy afternoons',
];

export const FEATURES = [
  'Reinforced stitching at every stress point',
  'Ships in plastic-free packaging',
  'Designed in-house &amp; tested for a full season',
  'Easy to clean &mdash; just wipe and go',
  'Fits neatly in a drawer or daypack',
  'Backed by our no-quibble returns policy',
  'Colour-fast dyes that won&#39;t fade in the wash',
  'Responsibly sourced materials',
  'Tough enough for daily use',
  'Weighs less than you&rsquo;d expect',
  'Pairs well with the rest of the range',
  'Made in small batches',
];

export const REVIEW_TITLES = [
  'Exactly as described',
  'Great quality',
  'Would buy again',
  'Not quite what I expected',
  'Perfect gift',
  'Love it!',
  'Solid value for money',
  'Runs a little small',
  'Five stars',
  'Decent, but pricey',
  'Fast delivery',
];
