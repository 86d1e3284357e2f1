// A clothing brand: the catalogue for the slots of shared/sample-data.ts, and an icon per category for
// src/components/ProductArt.tsx.
import { Glasses, Shirt, Wind, type LucideIcon } from 'lucide-react';
import type * as SampleData from '../shared/sample-data';

export const sampleProducts: typeof SampleData.sampleProducts = [
  {
    slug: 'heavyweight-tee',
    name: 'Heavyweight Tee',
    description: '240 gsm organic cotton with a relaxed fit and a ribbed collar that keeps its shape.',
    category: 'Tops',
    priceCents: 3800,
    stock: 64,
    badge: 'Best seller',
  },
  {
    slug: 'merino-crew',
    name: 'Merino Crew Sweater',
    description: 'Fine-gauge merino wool that breathes in summer and layers in winter. Machine washable.',
    category: 'Tops',
    priceCents: 9800,
    stock: 20,
    badge: null,
  },
  {
    slug: 'oxford-shirt',
    name: 'Oxford Button-Down',
    description: 'A wardrobe staple in soft-washed oxford cloth with mother-of-pearl buttons.',
    category: 'Tops',
    priceCents: 7800,
    stock: 26,
    badge: null,
  },
  {
    slug: 'chore-jacket',
    name: 'Canvas Chore Jacket',
    description: 'Durable cotton canvas with four patch pockets, corozo buttons and a blanket lining.',
    category: 'Outerwear',
    priceCents: 16800,
    stock: 7,
    badge: 'New',
  },
  {
    slug: 'rain-shell',
    name: 'Packable Rain Shell',
    description: 'Fully taped seams, 10k waterproofing and it folds into its own pocket.',
    category: 'Outerwear',
    priceCents: 14500,
    stock: 12,
    badge: null,
  },
  {
    slug: 'wool-beanie',
    name: 'Ribbed Wool Beanie',
    description: 'Knitted in Scotland from lambswool. One size, generous turn-up.',
    category: 'Accessories',
    priceCents: 3400,
    stock: 45,
    badge: null,
  },
  {
    slug: 'leather-belt',
    name: 'Vegetable-Tanned Belt',
    description: 'Full-grain leather with a solid brass buckle. It will age with you.',
    category: 'Accessories',
    priceCents: 6200,
    stock: 3,
    badge: 'Low stock',
  },
  {
    slug: 'sunglasses',
    name: 'Acetate Sunglasses',
    description: 'Handmade Italian acetate frames with polarised, UV400 lenses.',
    category: 'Accessories',
    priceCents: 12000,
    stock: 10,
    badge: null,
  },
];

export const categoryIcons: Record<string, LucideIcon> = {
  Tops: Shirt,
  Outerwear: Wind,
  Accessories: Glasses,
};
