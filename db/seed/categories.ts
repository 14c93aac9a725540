import type { SeedCategory } from './types'

/** The seven top-level categories, in display order. Wellness, Gems & Jewelry and Agriculture are featured on the home page. */
export const TOP_LEVEL_CATEGORY_IDS = [
  'wellness',
  'gems-jewelry',
  'agriculture',
  'technology',
  'industrial',
  'textiles',
  'beverages',
] as const

export const FEATURED_CATEGORY_IDS = ['wellness', 'gems-jewelry', 'agriculture'] as const

export const demoCategories: SeedCategory[] = [
  // ── Top level ──────────────────────────────────────────────────────────────────────────────
  {
    id: 'wellness',
    parentId: null,
    icon: 'leaf',
    sortOrder: 1,
    translations: {
      en: { name: 'Wellness', description: 'Ayurvedic formulations, herbal extracts and natural remedies from India and Siberia.' },
      ru: { name: 'Здоровье и велнес', description: 'Аюрведические средства, растительные экстракты и натуральные продукты для здоровья из Индии и Сибири.' },
      hi: { name: 'स्वास्थ्य और कल्याण', description: 'भारत और साइबेरिया से आयुर्वेदिक उत्पाद, हर्बल अर्क और प्राकृतिक उपचार।' },
    },
  },
  {
    id: 'gems-jewelry',
    parentId: null,
    icon: 'gem',
    sortOrder: 2,
    translations: {
      en: { name: 'Gems & Jewelry', description: 'Certified diamonds, Ural gemstones, Baltic amber and handcrafted Indian jewelry.' },
      ru: { name: 'Камни и ювелирные изделия', description: 'Сертифицированные алмазы, уральские самоцветы, балтийский янтарь и индийские украшения ручной работы.' },
      hi: { name: 'रत्न और आभूषण', description: 'प्रमाणित हीरे, यूराल के रत्न, बाल्टिक एम्बर और हस्तनिर्मित भारतीय आभूषण।' },
    },
  },
  {
    id: 'agriculture',
    parentId: null,
    icon: 'wheat',
    sortOrder: 3,
    translations: {
      en: { name: 'Agriculture', description: 'Spices, grains, edible oils, nuts, honey and fertilizers traded in bulk.' },
      ru: { name: 'Сельское хозяйство', description: 'Специи, зерно, растительные масла, орехи, мёд и удобрения оптом.' },
      hi: { name: 'कृषि', description: 'थोक में मसाले, अनाज, खाद्य तेल, मेवे, शहद और उर्वरक।' },
    },
  },
  {
    id: 'technology',
    parentId: null,
    icon: 'cpu',
    sortOrder: 4,
    translations: {
      en: { name: 'Technology', description: 'Business software, IoT sensors and cargo tracking devices.' },
      ru: { name: 'Технологии', description: 'Программы для бизнеса, датчики интернета вещей и устройства для отслеживания грузов.' },
      hi: { name: 'प्रौद्योगिकी', description: 'व्यावसायिक सॉफ़्टवेयर, IoT सेंसर और माल ट्रैकिंग उपकरण।' },
    },
  },
  {
    id: 'industrial',
    parentId: null,
    icon: 'factory',
    sortOrder: 5,
    translations: {
      en: { name: 'Industrial', description: 'Steel pipes, bearings, packaging materials and other industrial supplies.' },
      ru: { name: 'Промышленные товары', description: 'Стальные трубы, подшипники, упаковочные материалы и другая промышленная продукция.' },
      hi: { name: 'औद्योगिक उत्पाद', description: 'स्टील पाइप, बेयरिंग, पैकेजिंग सामग्री और अन्य औद्योगिक आपूर्ति।' },
    },
  },
  {
    id: 'textiles',
    parentId: null,
    icon: 'shirt',
    sortOrder: 6,
    translations: {
      en: { name: 'Textiles', description: 'Silk, cotton yarn, linen fabric and traditional shawls.' },
      ru: { name: 'Текстиль', description: 'Шёлк, хлопковая пряжа, льняные ткани и традиционные платки.' },
      hi: { name: 'वस्त्र', description: 'रेशम, सूती धागा, लिनन कपड़ा और पारंपरिक शॉल।' },
    },
  },
  {
    id: 'beverages',
    parentId: null,
    icon: 'coffee',
    sortOrder: 7,
    translations: {
      en: { name: 'Beverages', description: 'Indian teas and coffee, and traditional Russian herbal teas.' },
      ru: { name: 'Напитки', description: 'Индийский чай и кофе, а также традиционные русские травяные чаи.' },
      hi: { name: 'पेय पदार्थ', description: 'भारतीय चाय और कॉफ़ी, तथा पारंपरिक रूसी हर्बल चाय।' },
    },
  },

  // ── Wellness ───────────────────────────────────────────────────────────────────────────────
  {
    id: 'wellness-ayurveda',
    parentId: 'wellness',
    icon: 'flower-2',
    sortOrder: 1,
    translations: {
      en: { name: 'Ayurveda', description: 'Classical Ayurvedic herbs, churnas and standardised extracts.' },
      ru: { name: 'Аюрведа', description: 'Классические аюрведические травы, порошки-чурны и стандартизированные экстракты.' },
      hi: { name: 'आयुर्वेद', description: 'शास्त्रीय आयुर्वेदिक जड़ी-बूटियाँ, चूर्ण और मानकीकृत अर्क।' },
    },
  },
  {
    id: 'wellness-natural-remedies',
    parentId: 'wellness',
    icon: 'sprout',
    sortOrder: 2,
    translations: {
      en: { name: 'Natural Remedies', description: 'Wild-harvested mushrooms and botanicals from the Siberian taiga.' },
      ru: { name: 'Натуральные средства', description: 'Дикорастущие грибы и растительное сырьё из сибирской тайги.' },
      hi: { name: 'प्राकृतिक उपचार', description: 'साइबेरियाई टैगा से एकत्रित जंगली कवक और वनस्पतियाँ।' },
    },
  },
  {
    id: 'wellness-natural-oils',
    parentId: 'wellness',
    icon: 'droplet',
    sortOrder: 3,
    translations: {
      en: { name: 'Natural Oils', description: 'Cold-pressed oils for cosmetics, pharmacies and nutraceuticals.' },
      ru: { name: 'Натуральные масла', description: 'Масла холодного отжима для косметики, аптек и БАД.' },
      hi: { name: 'प्राकृतिक तेल', description: 'सौंदर्य प्रसाधन, फ़ार्मेसी और न्यूट्रास्युटिकल्स के लिए कोल्ड-प्रेस्ड तेल।' },
    },
  },

  // ── Gems & Jewelry ─────────────────────────────────────────────────────────────────────────
  {
    id: 'gems-diamonds',
    parentId: 'gems-jewelry',
    icon: 'diamond',
    sortOrder: 1,
    translations: {
      en: { name: 'Diamonds', description: 'Certified rough and polished diamonds for manufacturers.' },
      ru: { name: 'Алмазы и бриллианты', description: 'Сертифицированные алмазы и бриллианты для ювелирных производств.' },
      hi: { name: 'हीरे', description: 'निर्माताओं के लिए प्रमाणित कच्चे और पॉलिश्ड हीरे।' },
    },
  },
  {
    id: 'gems-fine-jewelry',
    parentId: 'gems-jewelry',
    icon: 'sparkles',
    sortOrder: 2,
    translations: {
      en: { name: 'Fine Jewelry', description: 'Handcrafted silver and gold jewelry from Jaipur and the Urals.' },
      ru: { name: 'Ювелирные украшения', description: 'Украшения ручной работы из серебра и золота из Джайпура и с Урала.' },
      hi: { name: 'आभूषण', description: 'जयपुर और यूराल के हस्तनिर्मित चांदी और सोने के आभूषण।' },
    },
  },
  {
    id: 'gems-amber',
    parentId: 'gems-jewelry',
    icon: 'circle-dot',
    sortOrder: 3,
    translations: {
      en: { name: 'Amber', description: 'Natural Baltic amber from the Kaliningrad coast.' },
      ru: { name: 'Янтарь', description: 'Натуральный балтийский янтарь с побережья Калининградской области.' },
      hi: { name: 'एम्बर', description: 'कलिनिनग्राद तट से प्राकृतिक बाल्टिक एम्बर।' },
    },
  },

  // ── Agriculture ────────────────────────────────────────────────────────────────────────────
  {
    id: 'agriculture-spices',
    parentId: 'agriculture',
    icon: 'flame',
    sortOrder: 1,
    translations: {
      en: { name: 'Spices', description: 'Turmeric, cardamom, pepper and other Indian spices.' },
      ru: { name: 'Специи', description: 'Куркума, кардамон, перец и другие индийские специи.' },
      hi: { name: 'मसाले', description: 'हल्दी, इलायची, काली मिर्च और अन्य भारतीय मसाले।' },
    },
  },
  {
    id: 'agriculture-grains',
    parentId: 'agriculture',
    icon: 'wheat',
    sortOrder: 2,
    translations: {
      en: { name: 'Grains & Cereals', description: 'Basmati rice, milling wheat and buckwheat.' },
      ru: { name: 'Зерно и крупы', description: 'Рис басмати, продовольственная пшеница и гречка.' },
      hi: { name: 'अनाज', description: 'बासमती चावल, मिलिंग गेहूं और कुट्टू।' },
    },
  },
  {
    id: 'agriculture-edible-oils',
    parentId: 'agriculture',
    icon: 'droplets',
    sortOrder: 3,
    translations: {
      en: { name: 'Edible Oils', description: 'Refined and crude vegetable oils in bulk.' },
      ru: { name: 'Растительные масла', description: 'Рафинированные и нерафинированные растительные масла наливом.' },
      hi: { name: 'खाद्य तेल', description: 'थोक में रिफ़ाइंड और कच्चे वनस्पति तेल।' },
    },
  },
  {
    id: 'agriculture-nuts',
    parentId: 'agriculture',
    icon: 'nut',
    sortOrder: 4,
    translations: {
      en: { name: 'Nuts & Dry Fruits', description: 'Cashew kernels and other processed nuts.' },
      ru: { name: 'Орехи и сухофрукты', description: 'Ядра кешью и другие орехи.' },
      hi: { name: 'मेवे और सूखे फल', description: 'काजू गिरी और अन्य संसाधित मेवे।' },
    },
  },
  {
    id: 'agriculture-honey',
    parentId: 'agriculture',
    icon: 'hexagon',
    sortOrder: 5,
    translations: {
      en: { name: 'Honey & Bee Products', description: 'Raw honey from Altai and Siberian apiaries.' },
      ru: { name: 'Мёд и продукты пчеловодства', description: 'Натуральный мёд с пасек Алтая и Сибири.' },
      hi: { name: 'शहद और मधुमक्खी उत्पाद', description: 'अल्ताई और साइबेरिया के मधुमक्खी फ़ार्मों का कच्चा शहद।' },
    },
  },
  {
    id: 'agriculture-fertilizers',
    parentId: 'agriculture',
    icon: 'sprout',
    sortOrder: 6,
    translations: {
      en: { name: 'Fertilizers', description: 'Potash and other mineral fertilizers shipped in bulk.' },
      ru: { name: 'Удобрения', description: 'Калийные и другие минеральные удобрения навалом.' },
      hi: { name: 'उर्वरक', description: 'थोक में भेजे जाने वाले पोटाश और अन्य खनिज उर्वरक।' },
    },
  },

  // ── Technology ─────────────────────────────────────────────────────────────────────────────
  {
    id: 'technology-software',
    parentId: 'technology',
    icon: 'app-window',
    sortOrder: 1,
    translations: {
      en: { name: 'Software', description: 'Licensed business and security software.' },
      ru: { name: 'Программное обеспечение', description: 'Лицензионные программы для бизнеса и информационной безопасности.' },
      hi: { name: 'सॉफ़्टवेयर', description: 'लाइसेंस प्राप्त व्यावसायिक और सुरक्षा सॉफ़्टवेयर।' },
    },
  },
  {
    id: 'technology-iot',
    parentId: 'technology',
    icon: 'radio',
    sortOrder: 2,
    translations: {
      en: { name: 'IoT & Sensors', description: 'Wireless sensors and trackers for warehouses and cargo.' },
      ru: { name: 'Интернет вещей и датчики', description: 'Беспроводные датчики и трекеры для складов и грузов.' },
      hi: { name: 'आईओटी और सेंसर', description: 'गोदामों और माल के लिए वायरलेस सेंसर और ट्रैकर।' },
    },
  },

  // ── Industrial ─────────────────────────────────────────────────────────────────────────────
  {
    id: 'industrial-pipes',
    parentId: 'industrial',
    icon: 'cylinder',
    sortOrder: 1,
    translations: {
      en: { name: 'Steel Pipes & Tubes', description: 'Seamless and welded pipe to API and GOST standards.' },
      ru: { name: 'Стальные трубы', description: 'Бесшовные и сварные трубы по стандартам API и ГОСТ.' },
      hi: { name: 'स्टील पाइप और ट्यूब', description: 'API और GOST मानकों के सीमलेस और वेल्डेड पाइप।' },
    },
  },
  {
    id: 'industrial-bearings',
    parentId: 'industrial',
    icon: 'cog',
    sortOrder: 2,
    translations: {
      en: { name: 'Bearings & Machine Parts', description: 'Ball and roller bearings for motors, pumps and machinery.' },
      ru: { name: 'Подшипники и комплектующие', description: 'Шариковые и роликовые подшипники для двигателей, насосов и техники.' },
      hi: { name: 'बेयरिंग और मशीन पुर्जे', description: 'मोटर, पंप और मशीनरी के लिए बॉल और रोलर बेयरिंग।' },
    },
  },
  {
    id: 'industrial-packaging',
    parentId: 'industrial',
    icon: 'package',
    sortOrder: 3,
    translations: {
      en: { name: 'Packaging', description: 'Pharmaceutical and food-grade packaging materials.' },
      ru: { name: 'Упаковка', description: 'Упаковочные материалы для фармацевтики и пищевой промышленности.' },
      hi: { name: 'पैकेजिंग', description: 'दवा और खाद्य-ग्रेड पैकेजिंग सामग्री।' },
    },
  },

  // ── Textiles ───────────────────────────────────────────────────────────────────────────────
  {
    id: 'textiles-silk',
    parentId: 'textiles',
    icon: 'ribbon',
    sortOrder: 1,
    translations: {
      en: { name: 'Silk', description: 'Handwoven silk sarees and fabrics.' },
      ru: { name: 'Шёлк', description: 'Шёлковые сари и ткани ручного ткачества.' },
      hi: { name: 'रेशम', description: 'हथकरघा रेशमी साड़ियाँ और कपड़े।' },
    },
  },
  {
    id: 'textiles-cotton',
    parentId: 'textiles',
    icon: 'spool',
    sortOrder: 2,
    translations: {
      en: { name: 'Cotton & Yarn', description: 'Cotton yarn and fabrics for knitting and weaving mills.' },
      ru: { name: 'Хлопок и пряжа', description: 'Хлопковая пряжа и ткани для трикотажных и ткацких фабрик.' },
      hi: { name: 'कपास और धागा', description: 'बुनाई और निटिंग मिलों के लिए सूती धागा और कपड़े।' },
    },
  },
  {
    id: 'textiles-linen',
    parentId: 'textiles',
    icon: 'layers',
    sortOrder: 3,
    translations: {
      en: { name: 'Linen', description: 'Russian flax linen fabrics.' },
      ru: { name: 'Лён', description: 'Льняные ткани из российского льна.' },
      hi: { name: 'लिनन', description: 'रूसी सन से बने लिनन कपड़े।' },
    },
  },
  {
    id: 'textiles-wool',
    parentId: 'textiles',
    icon: 'snowflake',
    sortOrder: 4,
    translations: {
      en: { name: 'Wool & Down', description: 'Shawls and knitwear of goat down and wool.' },
      ru: { name: 'Шерсть и пух', description: 'Платки и трикотаж из козьего пуха и шерсти.' },
      hi: { name: 'ऊन और रोआँ', description: 'बकरी के रोएँ और ऊन से बनी शॉल और बुने हुए वस्त्र।' },
    },
  },

  // ── Beverages ──────────────────────────────────────────────────────────────────────────────
  {
    id: 'beverages-tea',
    parentId: 'beverages',
    icon: 'leaf',
    sortOrder: 1,
    translations: {
      en: { name: 'Tea', description: 'Assam and Darjeeling teas from garden and auction.' },
      ru: { name: 'Чай', description: 'Ассамский и дарджилингский чай с плантаций и аукционов.' },
      hi: { name: 'चाय', description: 'बागानों और नीलामी से असम और दार्जिलिंग की चाय।' },
    },
  },
  {
    id: 'beverages-coffee',
    parentId: 'beverages',
    icon: 'coffee',
    sortOrder: 2,
    translations: {
      en: { name: 'Coffee', description: 'Green coffee beans from South Indian estates.' },
      ru: { name: 'Кофе', description: 'Зелёный кофе в зёрнах с плантаций Южной Индии.' },
      hi: { name: 'कॉफ़ी', description: 'दक्षिण भारतीय बागानों की ग्रीन कॉफ़ी बीन्स।' },
    },
  },
  {
    id: 'beverages-herbal-tea',
    parentId: 'beverages',
    icon: 'flower',
    sortOrder: 3,
    translations: {
      en: { name: 'Herbal Teas', description: 'Caffeine-free herbal infusions such as Ivan-chai.' },
      ru: { name: 'Травяные чаи', description: 'Травяные напитки без кофеина, например иван-чай.' },
      hi: { name: 'हर्बल चाय', description: 'इवान-चाय जैसी बिना कैफ़ीन की हर्बल चाय।' },
    },
  },
]
