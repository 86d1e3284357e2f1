// A plant shop: the catalogue for the slots of shared/sample-data.ts, and an icon per category for
// src/components/ProductArt.tsx.
import { Droplets, Flower2, Sprout, type LucideIcon } from 'lucide-react';
import type * as SampleData from '../shared/sample-data';

export const sampleProducts: typeof SampleData.sampleProducts = [
  {
    slug: 'monstera-deliciosa',
    name: 'Monstera Deliciosa',
    description: 'The classic Swiss cheese plant. Bright, indirect light and a drink every week or so. 60 cm tall.',
    category: 'Plants',
    priceCents: 4800,
    stock: 14,
    badge: 'Best seller',
  },
  {
    slug: 'snake-plant',
    name: 'Snake Plant',
    description: 'Nearly indestructible and happy in low light. Perfect for beginners and busy people.',
    category: 'Plants',
    priceCents: 3200,
    stock: 30,
    badge: 'Easy care',
  },
  {
    slug: 'fiddle-leaf-fig',
    name: 'Fiddle Leaf Fig',
    description: 'A statement tree with glossy, violin-shaped leaves. Loves a bright spot and routine.',
    category: 'Plants',
    priceCents: 8900,
    stock: 5,
    badge: 'Low stock',
  },
  {
    slug: 'pothos-golden',
    name: 'Golden Pothos',
    description: 'Trailing heart-shaped leaves marbled with gold. Great on a shelf or in a hanging pot.',
    category: 'Plants',
    priceCents: 2200,
    stock: 40,
    badge: null,
  },
  {
    slug: 'calathea-orbifolia',
    name: 'Calathea Orbifolia',
    description: 'Broad, silver-striped leaves that fold up at night. Likes humidity and filtered water.',
    category: 'Plants',
    priceCents: 3900,
    stock: 9,
    badge: 'New',
  },
  {
    slug: 'terracotta-pot',
    name: 'Terracotta Pot & Saucer',
    description: 'Breathable, unglazed terracotta that keeps roots healthy. 17 cm.',
    category: 'Pots',
    priceCents: 1800,
    stock: 50,
    badge: null,
  },
  {
    slug: 'glazed-planter',
    name: 'Glazed Ceramic Planter',
    description: 'A reactive glaze makes every piece unique. Drainage hole and cork plug included.',
    category: 'Pots',
    priceCents: 4200,
    stock: 16,
    badge: null,
  },
  {
    slug: 'plant-food',
    name: 'Organic Plant Food',
    description: 'A gentle liquid feed for leafy houseplants. One capful per litre, every two weeks.',
    category: 'Care',
    priceCents: 1400,
    stock: 70,
    badge: null,
  },
];

export const categoryIcons: Record<string, LucideIcon> = {
  Plants: Sprout,
  Pots: Flower2,
  Care: Droplets,
};
