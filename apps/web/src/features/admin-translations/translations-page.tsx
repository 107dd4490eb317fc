import type { AdminLanguage, TranslationRow } from '@app/contract/i18n/admin-translations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Dropdown, Flex, Input, Select, Space, Switch, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { AiFillDialog, type FillAnswer } from './ai-fill-dialog';
import { ImportDialog } from './import-dialog';
import { LanguagesDrawer } from './languages-drawer';
import { TranslationCell } from './translation-cell';
import {
  addLanguage,
  afterTranslationChange,
  applyImport,
  askSuggestions,
  exportFile,
  type GridFilter,
  previewImport,
  saveCells,
  saveFile,
  switchLanguage,
  translationsQuery,
} from './translations-api';

/** msgids are English: that column is the text itself, translating into English is optional. */
const SOURCE_LANG = 'en_US';

/**
 * `/admin/sys-functions/multiple-languages` (issue 28 item 3): every msgid against every language,
 * one server page at a time, searched and filtered, edited in place; import and export; AI
 * fill-in reviewed before saving; the languages drawer. Each save moves the translation version,
 * which makes open clients load the new texts.
 */
export function TranslationsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<GridFilter>({
    q: '',
    missingOnly: false,
    loc: '',
    page: 1,
    pageSize: 50,
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [importing, setImporting] = useState(false);
  const [languagesOpen, setLanguagesOpen] = useState(false);
  const [filling, setFilling] = useState<AdminLanguage | null>(null);
  const [fillAnswer, setFillAnswer] = useState<FillAnswer | null>(null);
  const grid = useQuery(translationsQuery(filter));
  const languages = grid.data?.languages ?? [];
  const targets = languages.filter((language) => language.loc !== SOURCE_LANG);
  const shown = filter.loc ? languages.filter((language) => language.loc === filter.loc) : languages;

  const changed = (version: number) => afterTranslationChange(queryClient, version);
  const save = useMutation({
    mutationFn: (cells: { msgid: string; loc: string; msgstr: string }[]) => saveCells(cells),
    onSuccess: async (answer) => {
      void message.success(t('Translations saved'));
      await changed(answer.version);
    },
  });

  const fill = useMutation({
    mutationFn: (language: AdminLanguage) => {
      // The selected rows missing in that language, else the first missing ones.
      const rows = grid.data?.items ?? [];
      const asked = rows
        .filter((row) => selected.includes(row.msgid) && row.msgstrs[language.loc] === undefined)
        .map((row) => row.msgid);
      return askSuggestions(language.loc, asked);
    },
    onMutate: (language) => {
      setFillAnswer(null);
      setFilling(language);
    },
    onSuccess: (answer) => setFillAnswer(answer),
    onError: () => setFilling(null),
  });

  const update = (next: Partial<GridFilter>) => setFilter((current) => ({ ...current, page: 1, ...next }));

  const download = async (format: 'json' | 'po') => {
    const loc = format === 'po' ? filter.loc || targets[0]?.loc : filter.loc || undefined;
    const file = await exportFile(format, loc);
    saveFile(file.content, file.filename);
  };

  const columns = useMemo(
    () => [
      {
        title: t('Text (msgid)'),
        key: 'msgid',
        dataIndex: 'msgid',
        fixed: 'left' as const,
        width: 320,
        render: (msgid: string, row: TranslationRow) => (
          // The texts themselves, as written: data, not the page's words (nor a browser's to translate).
          <Flex vertical translate="no">
            <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {msgid}
            </Typography.Text>
            <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
              {row.from}
            </Typography.Text>
          </Flex>
        ),
      },
      ...shown.map((language) => ({
        title: `${language.display} (${language.loc})`,
        key: language.loc,
        width: 260,
        render: (_: unknown, row: TranslationRow) => (
          <TranslationCell
            msgid={row.msgid}
            loc={language.loc}
            msgstr={row.msgstrs[language.loc]}
            onSave={(msgstr) => save.mutateAsync([{ msgid: row.msgid, loc: language.loc, msgstr }])}
          />
        ),
      })),
    ],
    [shown, save.mutateAsync, t],
  );

  return (
    <>
      <DocumentTitle title={t('Translations')} />
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('Translations')}
        </Typography.Title>
        <Space wrap>
          <Button onClick={() => setLanguagesOpen(true)}>{t('Manage languages')}</Button>
          <Button onClick={() => setImporting(true)}>{t('Import')}</Button>
          <Dropdown
            menu={{
              items: [
                { key: 'json', label: t('Export JSON') },
                { key: 'po', label: t('Export PO') },
              ],
              onClick: ({ key }) => void download(key as 'json' | 'po'),
            }}
          >
            <Button>{t('Export')}</Button>
          </Dropdown>
          <Dropdown
            menu={{
              items: targets.map((language) => ({ key: language.loc, label: language.display })),
              onClick: ({ key }) => {
                const language = targets.find((item) => item.loc === key);
                if (language) fill.mutate(language);
              },
            }}
          >
            <Button type="primary">{t('AI fill-in')}</Button>
          </Dropdown>
        </Space>
      </Flex>
      <Typography.Paragraph type="secondary">
        {t('Click a translation to edit it; Enter saves. Open pages load the new texts after each save.')}
      </Typography.Paragraph>
      <Card>
        <Flex wrap gap={16} align="center" style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder={t('Search texts and translations')}
            aria-label={t('Search texts and translations')}
            onSearch={(value) => update({ q: value.trim() })}
            style={{ maxWidth: 320 }}
          />
          <Select
            allowClear
            aria-label={t('Language')}
            placeholder={t('All languages')}
            style={{ minWidth: 200 }}
            value={filter.loc || undefined}
            onChange={(value?: string) => update({ loc: value ?? '' })}
            options={languages.map((language) => ({
              value: language.loc,
              label: `${language.display} (${language.loc})`,
            }))}
          />
          <Space>
            <Switch
              aria-label={t('Missing only')}
              checked={filter.missingOnly}
              onChange={(missingOnly) => update({ missingOnly })}
            />
            <span>{t('Missing only')}</span>
          </Space>
        </Flex>
        <Table<TranslationRow>
          rowKey="msgid"
          size="small"
          loading={grid.isPending}
          dataSource={grid.data?.items ?? []}
          columns={columns}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
          // One scrolling table (no fixed header, not virtual: a page holds at most 100 rows), so
          // the language columns scroll sideways into view with their headers.
          scroll={{ x: 368 + 260 * shown.length }}
          pagination={{
            current: filter.page,
            pageSize: filter.pageSize,
            total: grid.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [50, 100, 200],
            onChange: (page, pageSize) => setFilter((current) => ({ ...current, page, pageSize })),
          }}
        />
      </Card>
      <ImportDialog
        open={importing}
        languages={languages}
        onClose={() => setImporting(false)}
        preview={previewImport}
        apply={async (file, loc) => {
          const answer = await applyImport(file, loc);
          void message.success(t('Translations imported'));
          await changed(answer.version);
        }}
      />
      <AiFillDialog
        language={filling}
        answer={fillAnswer}
        loading={fill.isPending}
        onClose={() => {
          setFilling(null);
          setFillAnswer(null);
        }}
        onSave={(cells) => {
          const loc = filling?.loc ?? '';
          return save.mutateAsync(cells.map((cell) => ({ ...cell, loc })));
        }}
      />
      <LanguagesDrawer
        open={languagesOpen}
        languages={languages}
        onClose={() => setLanguagesOpen(false)}
        onAdd={async (loc, display) => {
          const answer = await addLanguage(loc, display);
          void message.success(t('Language added'));
          await queryClient.invalidateQueries({ queryKey: ['admin', 'translations'] });
          return answer;
        }}
        onSwitch={async (loc, enabled) => {
          await switchLanguage(loc, enabled);
          await queryClient.invalidateQueries({ queryKey: ['admin', 'translations'] });
          await queryClient.invalidateQueries({ queryKey: ['basic-infos'] });
        }}
      />
    </>
  );
}
