// Hand-written word lists for a believable general store (brand names are invented). The words are data and live in
// word-lists.json; this module gives them their types.
import words from './word-lists.json';

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

export const DEPARTMENTS = words.departments as DepartmentSpec[];
/** The second tree (the outlet storefront): categories with nested children, filled with a share of products. */
export const OUTLET_TREE: { name: string; children: string[] }[] = words.outletTree;
export const BRANDS: { name: string; prefix: string }[] = words.brands;
export const SERIES: string[] = words.series;
export const ADJECTIVES: string[] = words.adjectives;
export const MATERIALS: string[] = words.materials;
export const COLOURS: { label: string; hex: string; code: string }[] = words.colours;
export const SIZES: string[] = words.sizes;
export const FINISHES: string[] = words.finishes;
export const CAPACITIES: Record<string, string[]> = words.capacities;
export const CUSTOM_FIELD_NAMES: { name: string; values: string[] }[] = words.customFieldNames;
export const USES: string[] = words.uses;
export const FEATURES: string[] = words.features;
export const REVIEW_TITLES: string[] = words.reviewTitles;
