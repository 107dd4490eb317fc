import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { exportQueryResult } from '@app/contract/analytics/export';
import type { ReplyPart } from '@app/contract/chat/parts';
import { createStorageFileLink } from '@app/contract/storage/files';
import { App, Button, Collapse } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, openDownload } from '../../lib/api/client';
import { formatCount, formatDate } from '../../lib/format';
import { currentLocale, fromLanguageTag } from '../../lib/i18n/locales';
import { copyText } from '../copy-text/copy-text';
import { DataGrid } from '../data-grid/data-grid';
import type { GridColumnDef } from '../data-grid/server-sort';
import './reply-parts.css';
import { googleServiceLabel } from '../../lib/labels/connector-labels';

// Heavy pieces load when a reply needs them, not with /chat (docs/performance.md).
const MarkdownView = lazy(() => import('./markdown-view').then((m) => ({ default: m.MarkdownView })));
const ReplyChartView = lazy(() => import('./reply-chart-view').then((m) => ({ default: m.ReplyChartView })));
// CodeMirror: antd's Collapse renders a panel's children when it is first opened, so only then.
const SqlView = lazy(() => import('./sql-view').then((m) => ({ default: m.SqlView })));

type Sourced = Extract<ReplyPart, { type: 'ag_table' | 'ag_chart' }>;
type AgTable = Extract<ReplyPart, { type: 'ag_table' }>;

export function Markdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="chat-markdown">{text}</div>}>
      <MarkdownView text={text} />
    </Suspense>
  );
}

/** Where a grid's or chart's figures came from: the source, its property, the ranges and freshness. */
function SourceLine({ part }: { part: Sourced }) {
  const { t } = useTranslation();
  const ranges = part.ranges.map((r) => `${r.label} (${r.start} – ${r.end})`).join(t(' vs '));
  // Figures from two sources (one read beside the other) say which property is which service's.
  const named = new Set(part.freshness.map((f) => f.source)).size > 1;
  const serviceOf = (source: string) =>
    source.startsWith('dataset:') ? t('Dataset') : googleServiceLabel(source, t);
  const sources = part.freshness.map((f) => {
    const synced = f.synced_at ? formatDate(f.synced_at) : t('never');
    return `${named ? `${serviceOf(f.source)}: ` : ''}${f.property_name}${f.demo ? ` (${t('Demo')})` : ''} · ${t('updated {{time}}', { time: synced })}${
      f.complete_through ? ` · ${t('complete through {{day}}', { day: f.complete_through })}` : ''
    }`;
  });
  return (
    <p className="chat-reply__source">
      {t('Source')}: {sources.join('; ')} · {ranges}
    </p>
  );
}

function toGridColumns(part: AgTable, locale: string): GridColumnDef<Record<string, unknown>>[] {
  const loc = fromLanguageTag(locale) ?? currentLocale();
  const convert = (def: AgTable['columnDefs'][number]): GridColumnDef<Record<string, unknown>> =>
    def.children
      ? { headerName: def.headerName, children: def.children.map(convert) }
      : {
          headerName: def.headerName,
          field: def.field,
          ...(def.cellDataType === 'number'
            ? {
                kind: 'number' as const,
                type: 'rightAligned',
                valueFormatter: ({ value }: { value: unknown }) =>
                  typeof value === 'number' ? formatCount(value, loc) : value == null ? '' : String(value),
              }
            : {}),
        };
  return part.columnDefs.map(convert);
}

/** The kept result as a file in the team's storage (CSV or XLSX), downloaded in a new window. */
async function exportResult(resultId: string, format: 'csv' | 'xlsx') {
  const answer = await callApi(exportQueryResult, { params: { id: resultId }, body: { format } });
  openDownload(answer.file_path);
}

function GridPart({ part }: { part: AgTable }) {
  const { t, i18n } = useTranslation();
  const columns = useMemo(() => toGridColumns(part, i18n.language), [part, i18n.language]);
  return (
    <div className="chat-reply__block" data-testid="reply-grid">
      <DataGrid rowData={part.rowData as Record<string, unknown>[]} columnDefs={columns} />
      <div className="chat-reply__grid-footer">
        <SourceLine part={part} />
        <span className="chat-reply__exports">
          <Button size="small" type="link" onClick={() => void exportResult(part.result_id, 'csv')}>
            {t('Export CSV')}
          </Button>
          <Button size="small" type="link" onClick={() => void exportResult(part.result_id, 'xlsx')}>
            {t('Export XLSX')}
          </Button>
        </span>
      </div>
    </div>
  );
}

function SqlPart({ part }: { part: Extract<ReplyPart, { type: 'sql' }> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const text = part.statements.join(';\n\n');
  return (
    <Collapse
      size="small"
      className="chat-reply__sql"
      items={[
        {
          key: 'sql',
          label: t('SQL'),
          extra: (
            <Button
              size="small"
              type="text"
              icon={<CopyOutlined aria-hidden />}
              aria-label={t('Copy SQL')}
              onClick={(event) => {
                event.stopPropagation();
                void copyText(text, message, t);
              }}
            />
          ),
          children: (
            <Suspense
              fallback={
                <pre className="chat-reply__code">
                  <code>{text}</code>
                </pre>
              }
            >
              <SqlView text={text} />
            </Suspense>
          ),
        },
      ]}
    />
  );
}

/** A reply's typed parts, in order: commentary, grids with their source, charts, SQL, files. */
export function ReplyParts({ parts }: { parts: ReplyPart[] }) {
  const { t } = useTranslation();
  return (
    <>
      {parts.map((part, index) => {
        const key = `${part.type}-${index}`;
        switch (part.type) {
          case 'content':
            return <Markdown key={key} text={part.content} />;
          case 'table':
            return <Markdown key={key} text={part.table} />;
          case 'ag_table':
            return <GridPart key={key} part={part} />;
          case 'ag_chart':
            return (
              <div key={key} className="chat-reply__block" data-testid="reply-chart">
                <Suspense fallback={<div className="chat-reply__chart-placeholder" />}>
                  <ReplyChartView options={part.options} />
                </Suspense>
              </div>
            );
          case 'sql':
            return <SqlPart key={key} part={part} />;
          case 'file':
            return (
              <Button
                key={key}
                icon={<DownloadOutlined aria-hidden />}
                onClick={async () => {
                  // Spec section 7: downloads open in a new window, through a short-lived link.
                  const link = await callApi(createStorageFileLink, {
                    params: { id: part.file_id },
                    body: { disposition: 'attachment' },
                  });
                  openDownload(link.url);
                }}
              >
                {t('Download {{name}}', { name: part.name })}
              </Button>
            );
          default:
            return null;
        }
      })}
    </>
  );
}
