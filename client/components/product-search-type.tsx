import { useTranslation } from 'react-i18next';
import { productSearchTypeSchema, type ProductSearchType } from '../../common/contracts/dump-product';
import { RadioOptions } from './form-field';

/** "Search by": a product is found by its id or its SKU (spec part 1 §2, Dump Product and Import Product's source). */
export function ProductSearchTypeFieldset({
  name,
  value,
  onChange,
}: {
  name: string;
  value: ProductSearchType;
  onChange: (value: ProductSearchType) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{t('dumpProduct.searchBy')}</legend>
      <div className="mt-2 flex flex-wrap gap-4">
        <RadioOptions
          name={name}
          values={productSearchTypeSchema.options}
          labelOf={(type) => (type === 'id' ? t('dumpProduct.productId') : t('dumpProduct.sku'))}
          value={value}
          onChange={onChange}
          testIdPrefix="search-type-"
        />
      </div>
    </fieldset>
  );
}
