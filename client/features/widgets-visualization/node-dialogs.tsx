import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TREEMAP, truncateName, type HierarchyNode } from '../../../common/dumps/widgets-hierarchy';
import { InfoDialog } from '../../components/tool/modal-dialog';
import type { NodeReply } from './dump-session';

/**
 * Which modal is open: a widget's configuration, a template's schema, or any node's details (right-click), with what
 * the worker answered about the node (undefined until it has).
 */
export type OpenDialog = {
  kind: 'configuration' | 'schema' | 'details';
  node: HierarchyNode;
  details?: NodeReply;
} | null;

/** A dialog about a node whose content needs the worker's answer: a loading line until `children` is there. */
function AnsweredDialog({
  title,
  testId,
  onClose,
  children,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <InfoDialog title={title} testId={testId} hasTitleTestId onClose={onClose}>
      {children ?? <p className="text-slate-500">{t('widgetsVisualization.loadingDetails')}</p>}
    </InfoDialog>
  );
}

/** A value of the schema view: strings cut at 100 characters (§9). */
export function schemaValueText(value: unknown): string {
  if (typeof value === 'string') return truncateName(value, TREEMAP.schemaValueMaxLength);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return truncateName(JSON.stringify(value) ?? 'null', TREEMAP.schemaValueMaxLength);
}

/** The schema as nested lists: each object's keys with their values, strings cut at 100 characters. */
function SchemaValue({ value }: { value: unknown }) {
  if (Array.isArray(value)) {
    const items = value as unknown[];
    if (items.length === 0) return <span className="text-slate-500">[]</span>;
    return (
      <ol className="ml-4 list-decimal space-y-1">
        {items.map((item, index) => (
          <li key={index}>
            <SchemaValue value={item} />
          </li>
        ))}
      </ol>
    );
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return <span className="text-slate-500">{'{}'}</span>;
    return (
      <dl className="ml-2 space-y-0.5 border-l border-slate-200 pl-2">
        {entries.map(([key, item]) => (
          <div key={key}>
            <dt className="inline font-medium text-slate-700">{key}: </dt>
            <dd className="inline break-all">
              {typeof item === 'object' && item !== null ? (
                <SchemaValue value={item} />
              ) : (
                <span data-testid="schema-value">{schemaValueText(item)}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return <span data-testid="schema-value">{schemaValueText(value)}</span>;
}

function Fields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1" data-testid="node-fields">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="break-all text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function NodeDialogs({
  open,
  describe,
  statusText,
  onClose,
}: {
  open: OpenDialog;
  describe: (node: HierarchyNode) => string;
  statusText: (node: HierarchyNode) => string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  if (!open) return null;
  const { node, details } = open;

  if (open.kind === 'configuration') {
    const widget = details?.kind === 'widget' ? details : null;
    return (
      <AnsweredDialog
        title={t('widgetsVisualization.configurationTitle', { name: node.name })}
        testId="widget-configuration"
        onClose={onClose}
      >
        {widget && (
          <>
            <Fields
              rows={[
                [t('widgetsVisualization.template'), widget.templateName ?? widget.templateUuid ?? '—'],
                [t('widgetsVisualization.uuid'), widget.templateUuid ?? '—'],
              ]}
            />
            <pre
              className="mt-3 rounded-lg bg-slate-50 p-3 text-xs break-all whitespace-pre-wrap"
              data-testid="widget-configuration-json"
            >
              {JSON.stringify(widget.configuration ?? {}, null, 2)}
            </pre>
          </>
        )}
      </AnsweredDialog>
    );
  }

  if (open.kind === 'schema') {
    const template = details?.kind === 'template' ? details.template : null;
    return (
      <AnsweredDialog
        title={t('widgetsVisualization.schemaTitle', { name: node.name })}
        testId="template-schema"
        onClose={onClose}
      >
        {template && (
          <>
            <Fields
              rows={[
                [t('widgetsVisualization.kind'), template.kind],
                [t('widgetsVisualization.uuid'), template.uuid],
              ]}
            />
            <div className="mt-3" data-testid="template-schema-tree">
              {template.schema && template.schema.length > 0 ? (
                <SchemaValue value={template.schema} />
              ) : (
                <p className="text-slate-500">{t('widgetsVisualization.emptySchema')}</p>
              )}
            </div>
          </>
        )}
      </AnsweredDialog>
    );
  }

  const rows: [string, ReactNode][] = [
    [t('widgetsVisualization.kind'), t(`widgetsVisualization.kinds.${node.kind}`)],
    [t('widgetsVisualization.name'), node.name],
    [t('widgetsVisualization.contents'), describe(node)],
  ];
  const status = statusText(node);
  if (status) rows.push([t('widgetsVisualization.difference'), status]);
  if (details?.kind === 'page') {
    const { page } = details;
    rows.push(
      [t('widgetsVisualization.templateFile'), page.template_file ?? t('widgetsVisualization.globalRegions')],
      [
        t('widgetsVisualization.entity'),
        page.entity_id ? `${page.entity_name ?? ''} (#${page.entity_id})` : '—',
      ],
      [t('widgetsVisualization.channel'), String(page.channel_id)],
    );
  }
  if (details?.kind === 'widget') {
    rows.push([t('widgetsVisualization.template'), details.templateName ?? details.templateUuid ?? '—']);
  }
  if (details?.kind === 'template') rows.push([t('widgetsVisualization.uuid'), details.template.uuid]);
  return (
    <InfoDialog title={truncateName(node.name)} testId="node-details" hasTitleTestId onClose={onClose}>
      <Fields rows={rows} />
    </InfoDialog>
  );
}
