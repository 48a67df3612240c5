// "Search by" and its value (issue 44): a product picked (or loaded) is known by its id, SKU and name, so changing the
// search mode writes the same product's value of the new mode; a value of an unknown product is cleared, never sent
// as a value of the other mode ("No product or variant with SKU "1036" was found").
import { useState } from 'react';
import type { ProductSearchType } from '../../common/contracts/dump-product';
import type { EntityMatch } from './entity-picker/entity-picker-rules';

/** A product as the field knows it: picked from the matches or loaded. */
export type KnownProduct = { id: number; name: string; sku?: string | undefined };

/** The product's value for a search mode: its id, or its SKU ('' when it has none). */
export function productValueFor(product: KnownProduct, type: ProductSearchType): string {
  return type === 'id' ? String(product.id) : (product.sku ?? '').trim();
}

/**
 * The field's text after "Search by" changes from `from` to `to`: the known product's value of the new mode when the
 * text still is that product's value of the old mode, otherwise '' (a typed id is no SKU, a SKU no id).
 */
export function convertSearchValue(
  value: string,
  known: KnownProduct | null,
  from: ProductSearchType,
  to: ProductSearchType,
): string {
  if (from === to) return value;
  if (known && value.trim() !== '' && value.trim() === productValueFor(known, from)) {
    return productValueFor(known, to);
  }
  return '';
}

/** The state of "Search by" and its value, shared by Dump Product and Import Product's source. */
export function useProductSearchValue() {
  const [searchType, setType] = useState<ProductSearchType>('id');
  const [searchValue, setValue] = useState('');
  const [known, setKnown] = useState<KnownProduct | null>(null);
  return {
    searchType,
    searchValue,
    known,
    /** The field typed in (or a pick's text, which `pick` follows with the product). */
    setSearchValue: (next: string) => {
      setValue(next);
      if (known && next.trim() !== productValueFor(known, searchType)) setKnown(null);
    },
    setSearchType: (next: ProductSearchType) => {
      setValue(convertSearchValue(searchValue, known, searchType, next));
      setType(next);
    },
    pick: (match: EntityMatch, value: string) => {
      setValue(value);
      setKnown(match);
    },
    /** A product loaded for the value in the field (its SKU and name now known). */
    know: (product: KnownProduct) => setKnown(product),
  };
}
