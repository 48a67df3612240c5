import { useTranslation } from 'react-i18next';
import type { LocalStore } from '../../../common/contracts/stores';
import type { PageTemplateId } from '../../../common/dumps/page-templates';
import { EntityPicker } from '../../components/entity-picker/entity-picker';
import type { EntityKind } from '../../components/entity-picker/entity-picker-rules';
import { TextField } from '../../components/form-field';

/** Templates whose entities can be searched by name (issue 31); web pages and blog posts keep a plain id field. */
const PICKER_KINDS: Partial<Record<PageTemplateId, EntityKind>> = {
  product: 'product',
  category: 'category',
  brand: 'brand',
};

/** The entity ids of a checked template: several, separated by commas; a product, category or brand by name too. */
export function EntityIdsField({
  template,
  store,
  value,
  onValueChange,
}: {
  template: PageTemplateId;
  store: LocalStore | null;
  value: string;
  onValueChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const kind = PICKER_KINDS[template];
  const field = {
    className: 'mt-2',
    label: `${t('dumpWidgets.entityId')} (${template})`,
    value,
    onValueChange,
    hint: t('dumpWidgets.entityIdHint'),
    testId: `entity-ids-${template}`,
  };
  if (!kind) return <TextField {...field} autoComplete="off" />;
  return <EntityPicker {...field} kind={kind} store={store} isList />;
}
