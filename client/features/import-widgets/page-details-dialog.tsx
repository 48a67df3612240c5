import { useTranslation } from 'react-i18next';
import type { SnapshotRegion } from '../../../common/dumps/widgets-dump';
import { InfoDialog, InfoDialogView } from '../../components/tool/modal-dialog';
import { buildPageTree, type TreeNode } from './import-widgets-rules';
import { useCount } from '../../lib/number-format';

/** What the tree names a widget template by: its name, and whether the target lacks it. */
export type TemplateLookup = {
  names: ReadonlyMap<string, string>;
  missingUuids: ReadonlySet<string>;
};

/**
 * The details tree of one page (spec part 1 §2): regions > layouts > dropzones > widgets, with each widget's name and
 * its template's name. A modal native <dialog>: Escape or Close closes it and focus goes back to where it was; the
 * branches are <details> elements, so Tab, Enter and Space open and close them.
 */
export function PageDetailsDialog({
  title,
  regions,
  lookup,
  onClose,
}: {
  title: string;
  regions: readonly SnapshotRegion[];
  lookup: TemplateLookup;
  onClose: () => void;
}) {
  return (
    <InfoDialog title={title} testId="page-details" onClose={onClose}>
      <PageTree regions={regions} lookup={lookup} />
    </InfoDialog>
  );
}

/** The dialog's markup (rendered on its own in the unit test). */
export function PageDetailsView({
  id,
  title,
  regions,
  lookup,
  onClose,
}: {
  id: string;
  title: string;
  regions: readonly SnapshotRegion[];
  lookup: TemplateLookup;
  onClose: () => void;
}) {
  return (
    <InfoDialogView id={id} title={title} testId="page-details" onClose={onClose}>
      <PageTree regions={regions} lookup={lookup} />
    </InfoDialogView>
  );
}

/** The page's tree, or a line saying it has no regions. */
function PageTree({ regions, lookup }: { regions: readonly SnapshotRegion[]; lookup: TemplateLookup }) {
  const { t } = useTranslation();
  const tree = buildPageTree(regions);
  return tree.length === 0 ? (
    <p className="text-slate-500">{t('importWidgets.noRegions')}</p>
  ) : (
    <ul className="space-y-1" data-testid="page-details-tree">
      {tree.map((node, index) => (
        <TreeItem key={index} node={node} lookup={lookup} />
      ))}
    </ul>
  );
}

const summaryClass =
  'cursor-pointer rounded px-1 py-0.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600';

function TreeItem({ node, lookup }: { node: TreeNode; lookup: TemplateLookup }) {
  const { t } = useTranslation();
  const count = useCount();
  if (node.kind === 'widget') {
    const uuid = node.templateUuid;
    const templateName = uuid
      ? (lookup.names.get(uuid) ?? t('importWidgets.unknownTemplate', { uuid }))
      : t('importWidgets.unknownTemplate', { uuid: '?' });
    const isMissing = uuid !== undefined && lookup.missingUuids.has(uuid);
    return (
      <li data-testid="tree-widget" className="px-1 py-0.5">
        <span className="font-medium">{node.name || t('importWidgets.unnamedWidget')}</span>
        <span className="text-slate-500"> · </span>
        <span className={isMissing ? 'font-medium text-amber-700' : 'text-slate-600'}>
          {isMissing && `${t('importWidgets.missingMark')} `}
          {templateName}
        </span>
      </li>
    );
  }
  const label =
    node.kind === 'region'
      ? t('importWidgets.region', { name: node.name })
      : node.kind === 'layout'
        ? // Page Builder names its layouts 'Layout': said once.
          node.name && node.name.trim().toLowerCase() !== 'layout'
          ? t('importWidgets.layout', { name: node.name })
          : t('importWidgets.unnamedLayout')
        : t('importWidgets.dropzone', { n: count(node.position) });
  return (
    <li data-testid={`tree-${node.kind}`}>
      <details open>
        <summary className={summaryClass}>
          <span className={node.kind === 'region' ? 'font-semibold' : 'font-medium text-slate-700'}>
            {label}
          </span>
        </summary>
        {node.children.length === 0 ? (
          <p className="ml-5 px-1 py-0.5 text-xs text-slate-500">{t('importWidgets.emptyRegion')}</p>
        ) : (
          <ul className="ml-5 space-y-0.5 border-l border-slate-200 pl-2">
            {node.children.map((child, index) => (
              <TreeItem key={index} node={child} lookup={lookup} />
            ))}
          </ul>
        )}
      </details>
    </li>
  );
}
