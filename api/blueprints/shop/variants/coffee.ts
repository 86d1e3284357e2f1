// A coffee roastery: the catalogue for the slots of shared/sample-data.ts, and an icon per category for
// src/components/ProductArt.tsx.
import { Bean, Coffee, Gift, type LucideIcon } from 'lucide-react';
import type * as SampleData from '../shared/sample-data';

export const sampleProducts: typeof SampleData.sampleProducts = [
  {
    slug: 'house-espresso',
    name: 'House Espresso Blend',
    description: 'Brazil and Colombia, roasted medium-dark. Chocolate, toasted hazelnut and a syrupy body. 250 g.',
    category: 'Beans',
    priceCents: 1600,
    stock: 80,
    badge: 'Best seller',
  },
  {
    slug: 'ethiopia-guji',
    name: 'Ethiopia Guji Natural',
    description: 'Blueberry, jasmine and bergamot. A bright, fruity single origin for filter. 250 g.',
    category: 'Beans',
    priceCents: 1900,
    stock: 35,
    badge: 'New crop',
  },
  {
    slug: 'colombia-huila',
    name: 'Colombia Huila',
    description: 'Red apple, caramel and a clean finish. Balanced enough for any brew method. 250 g.',
    category: 'Beans',
    priceCents: 1700,
    stock: 40,
    badge: null,
  },
  {
    slug: 'decaf-sugarcane',
    name: 'Sugarcane Decaf',
    description: 'Naturally decaffeinated with sugarcane ethyl acetate. All the flavour, none of the jitters. 250 g.',
    category: 'Beans',
    priceCents: 1700,
    stock: 22,
    badge: null,
  },
  {
    slug: 'ceramic-dripper',
    name: 'Ceramic Dripper',
    description: 'A classic cone dripper in matte stoneware. Fits most mugs and carafes.',
    category: 'Brewing',
    priceCents: 3200,
    stock: 14,
    badge: null,
  },
  {
    slug: 'gooseneck-kettle',
    name: 'Gooseneck Kettle',
    description: 'Precise pouring with a thermometer in the lid. Works on gas, electric and induction.',
    category: 'Brewing',
    priceCents: 6900,
    stock: 8,
    badge: null,
  },
  {
    slug: 'hand-grinder',
    name: 'Burr Hand Grinder',
    description: 'Stainless steel conical burrs with 30 click settings, from espresso to cold brew.',
    category: 'Brewing',
    priceCents: 8900,
    stock: 5,
    badge: 'Low stock',
  },
  {
    slug: 'subscription-gift',
    name: 'Three-Month Gift Subscription',
    description: 'A fresh single origin delivered every month for three months, with tasting notes.',
    category: 'Gifts',
    priceCents: 5400,
    stock: 100,
    badge: 'Gift',
  },
];

export const categoryIcons: Record<string, LucideIcon> = {
  Beans: Bean,
  Brewing: Coffee,
  Gifts: Gift,
};
