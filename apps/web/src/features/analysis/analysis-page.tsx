import { HistoryOutlined } from '@ant-design/icons';
import type { ParamValues } from '@app/contract/analysis/parameters';
import type { AnalysisFunction, AnalysisRun, RunSummary } from '@app/contract/analysis/runs';
import type { FilterItem } from '@app/contract/list';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Collapse, Flex, Menu, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { emitFilterItems } from '../../widgets/filter-builder/emit-filter-items';
import { FilterBuilder } from '../../widgets/filter-builder/filter-builder';
import type { FilterRow } from '../../widgets/filter-builder/filter-row';
import { rowsFromItems } from '../../widgets/filter-builder/rows-from-items';
import { ParamForm } from '../../widgets/param-form/param-form';
import { ProgressBar } from '../../widgets/progress-bar/progress-bar';
import { analysisKey, functionsQuery, runQuery, startRun } from './analysis-api';
import { RunHistory } from './run-history';
import { RunResult } from './run-result';
import './analysis-page.css';

/**
 * `/ai-table/analysis` (issue 25): pick a function, fill its form and filters, run it, and read
 * the result: a summary, grids with their sources, the charts (the comparison chart only when the
 * run compares two ranges) and the SQL. Runs are metered and kept: the history re-opens, re-runs
 * and shares them. `?fn=` names the function shown, `?run=` the run, so either can be linked.
 */
export function AnalysisPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const functions = useQuery(functionsQuery());
  const items = functions.data?.items ?? [];
  const runId = search.get('run');
  const kept = useQuery({ ...runQuery(runId ?? ''), enabled: runId !== null });
  const run = kept.data?.run;
  const fnKey = search.get('fn') ?? run?.function_key ?? items[0]?.key ?? null;
  const fn = items.find((item) => item.key === fnKey);

  const [values, setValues] = useState<ParamValues>({});
  const [rows, setRows] = useState<FilterRow[]>([]);
  const [running, setRunning] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);

  // A run opened from the history or a link fills the form with what it ran.
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  useEffect(() => {
    if (!run || !fn || filledFrom === run.id || run.function_key !== fn.key) return;
    setFilledFrom(run.id);
    setValues(run.inputs);
    setRows(rowsFromItems(run.filters, fn.filters));
  }, [run, fn, filledFrom]);

  const choose = (key: string) => {
    setValues({});
    setRows([]);
    setSearch({ fn: key });
  };

  const execute = async (key: string, inputs: ParamValues, filters: FilterItem[]) => {
    setRunning(true);
    try {
      const answer = await startRun({ function_key: key, inputs, filters });
      client.setQueryData(runQuery(answer.run.id).queryKey, answer);
      setFilledFrom(answer.run.id);
      setSearch({ fn: key, run: answer.run.id });
      void client.invalidateQueries({ queryKey: [...analysisKey, 'runs'] });
    } finally {
      setRunning(false);
    }
  };

  const openRun = (summary: RunSummary) => {
    setHistoryOpen(false);
    setSearch({ fn: summary.function_key, run: summary.id });
  };

  const rerun = (done: AnalysisRun) => {
    setValues(done.inputs);
    if (fn) setRows(rowsFromItems(done.filters, fn.filters));
    void execute(done.function_key, done.inputs, done.filters);
  };

  const menu = useMemo(
    () =>
      items.map((item: AnalysisFunction) => ({
        key: item.key,
        label: (
          <Flex justify="space-between" gap={8}>
            <span className="analysis-page__fn-name">{item.name}</span>
            {!item.allowed && <Tag>{t('Not in your plan')}</Tag>}
          </Flex>
        ),
      })),
    [items, t],
  );

  return (
    <div className="analysis-page">
      <DocumentTitle title={t('Analysis')} />
      <Flex justify="space-between" align="center" wrap gap={8} className="analysis-page__header">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('Analysis')}
        </Typography.Title>
        <Button icon={<HistoryOutlined aria-hidden />} onClick={() => setHistoryOpen(true)}>
          {t('Run history')}
        </Button>
      </Flex>
      {!functions.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <div className="analysis-page__body">
          <nav className="analysis-page__functions" aria-label={t('Analysis functions')}>
            <Menu
              mode="inline"
              items={menu}
              selectedKeys={fnKey ? [fnKey] : []}
              onClick={({ key }) => choose(key)}
            />
          </nav>
          <Flex vertical gap={16} className="analysis-page__main">
            {fn && (
              <Card
                title={fn.name}
                extra={
                  <Tag color="gold">
                    {t('{{count}} credits per run', {
                      count: fn.price,
                      defaultValue_one: '{{count}} credit per run',
                    })}
                  </Tag>
                }
              >
                <Typography.Paragraph type="secondary">{fn.description}</Typography.Paragraph>
                {!fn.allowed && (
                  <Alert
                    type="warning"
                    showIcon
                    style={{ marginBottom: 16 }}
                    message={t('Your plan does not include this function. Upgrade your plan to use it.')}
                    action={<Link to="/account/subscription">{t('Upgrade')}</Link>}
                  />
                )}
                {fn.filters.length > 0 && (
                  <Collapse
                    size="small"
                    style={{ marginBottom: 16 }}
                    items={[
                      {
                        key: 'filters',
                        label:
                          emitFilterItems(rows).length > 0
                            ? t('Filters ({{count}})', { count: emitFilterItems(rows).length })
                            : t('Filters'),
                        children: <FilterBuilder options={fn.filters} value={rows} onChange={setRows} />,
                      },
                    ]}
                  />
                )}
                <ParamForm
                  key={fn.key}
                  params={fn.parameters}
                  values={values}
                  onChange={setValues}
                  onSubmit={(checked) => void execute(fn.key, checked, emitFilterItems(rows))}
                  submitLabel={t('Run')}
                  busy={running}
                />
              </Card>
            )}
            {running && (
              <Card>
                <ProgressBar tip={t('Running the analysis…')} />
              </Card>
            )}
            {runId && !run && kept.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
            {run && !running && <RunResult run={run} fn={fn} onRerun={rerun} rerunning={running} />}
          </Flex>
        </div>
      )}
      <RunHistory
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
        functions={items}
        onOpenRun={openRun}
      />
    </div>
  );
}
