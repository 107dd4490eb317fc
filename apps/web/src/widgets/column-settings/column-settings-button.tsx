import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Drawer, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnChoice } from './column-visibility';
import { useColumnVisibility } from './use-column-visibility';
import './column-settings.css';

export interface ColumnSettingsButtonProps {
  /** The list's route, e.g. `/admin/user/users`: the saved view belongs to it. */
  route: string;
  columns: ColumnChoice[];
}

/** Opens the column-visibility drawer (spec section 1): a checkbox per column, saved per user. */
export function ColumnSettingsButton({ route, columns }: ColumnSettingsButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { visible, setVisible, reset, loading } = useColumnVisibility(route, columns);
  const shown = columns.filter((column) => visible[column.field]).length;

  return (
    <>
      <Button icon={<SettingOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('Columns')}
      </Button>
      <Drawer
        title={t('Columns')}
        open={open}
        onClose={() => setOpen(false)}
        size="min(320px, 100vw)"
        loading={loading}
        footer={
          <div className="column-settings__footer">
            <Button onClick={reset}>{t('Reset')}</Button>
          </div>
        }
      >
        <Typography.Paragraph type="secondary">{t('Choose the columns to show.')}</Typography.Paragraph>
        <div className="column-settings__list">
          {columns.map((column) => {
            const checked = visible[column.field] ?? false;
            return (
              <Checkbox
                key={column.field}
                checked={checked}
                // The last visible column stays: a table with no columns cannot be fixed from the table.
                disabled={checked && shown <= 1}
                onChange={(event) => setVisible(column.field, event.target.checked)}
              >
                {column.title}
              </Checkbox>
            );
          })}
        </div>
      </Drawer>
    </>
  );
}
