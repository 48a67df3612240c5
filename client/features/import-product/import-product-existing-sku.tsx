import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EXISTING_PRODUCT_ACTIONS,
  type ExistingProductAction,
} from '../../../common/contracts/import-product';
import { RadioOptions, TextField } from '../../components/form-field';
import type { ExistingSkuChoice } from './import-product-rules';

const EXISTING_LABELS: Record<ExistingProductAction, 'existingUpdate' | 'existingSkip' | 'existingCopy'> = {
  update: 'existingUpdate',
  skip: 'existingSkip',
  copy: 'existingCopy',
};

/** What to do when the target already has the product's SKU: update it, skip it, or import a copy with a suffix. */
export function ImportProductExistingSku({
  choice,
  onChoiceChange,
  suffixError,
  isDisabled,
}: {
  choice: ExistingSkuChoice;
  onChoiceChange: (choice: ExistingSkuChoice) => void;
  suffixError: string | undefined;
  isDisabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset disabled={isDisabled}>
      <legend className="text-sm font-medium text-slate-700">{t('importProduct.existingSku')}</legend>
      <div className="mt-2 flex flex-wrap gap-4">
        <RadioOptions
          name={`${id}-existing`}
          values={EXISTING_PRODUCT_ACTIONS}
          labelOf={(action) => t(`importProduct.${EXISTING_LABELS[action]}`)}
          value={choice.onExistingSku}
          onChange={(onExistingSku) => onChoiceChange({ ...choice, onExistingSku })}
          testIdPrefix="existing-"
        />
      </div>
      {choice.onExistingSku === 'copy' && (
        <TextField
          className="mt-3 max-w-xs"
          label={t('importProduct.copySuffix')}
          value={choice.copySuffix}
          onValueChange={(copySuffix) => onChoiceChange({ ...choice, copySuffix })}
          error={suffixError}
          hint={t('importProduct.copySuffixHint')}
          maxLength={40}
          autoComplete="off"
          testId="copy-suffix"
        />
      )}
    </fieldset>
  );
}
