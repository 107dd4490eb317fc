import {
  type DynamicConfigKey,
  dynamicConfigDef,
} from '@app/contract/admin/dynamic-configs/dynamic-config-defs';
import type { DynamicConfig } from '@app/contract/admin/dynamic-configs/dynamic-configs';
import { Button, Flex, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  setting: DynamicConfig;
  label: string;
  saving: boolean;
  /** The server's refusal of the last value (its `fields.value`), if any. */
  serverError: string | null;
  onSave: (value: DynamicConfig['value']) => void;
}

/** The control a setting's type calls for: switch, text, bounded number, options, JSON. */
export function SettingControl({ setting, label, saving, serverError, onSave }: Props) {
  switch (setting.type) {
    case 'bool':
      return (
        <Switch
          checked={setting.value === true}
          loading={saving}
          aria-label={label}
          onChange={(value) => onSave(value)}
        />
      );
    case 'enum':
      return (
        // The options are codes (a region, a language), shown as written.
        <span translate="no">
          <Select
            aria-label={label}
            style={{ minWidth: 160 }}
            value={String(setting.value)}
            loading={saving}
            options={(setting.options ?? []).map((option) => ({ value: option, label: option }))}
            onChange={(value) => onSave(value)}
          />
        </span>
      );
    default:
      return (
        <EditedControl
          setting={setting}
          label={label}
          saving={saving}
          serverError={serverError}
          onSave={onSave}
        />
      );
  }
}

/** Text, number and JSON: edited, checked here, then saved with a button. */
function EditedControl({ setting, label, saving, serverError, onSave }: Props) {
  const { t } = useTranslation();
  const initial = setting.type === 'json' ? JSON.stringify(setting.value, null, 2) : setting.value;
  const [draft, setDraft] = useState<unknown>(initial);
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    if (setting.type !== 'json') {
      onSave(draft as DynamicConfig['value']);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(draft));
    } catch {
      setError(t('This is not valid JSON'));
      return;
    }
    const checked = dynamicConfigDef(setting.key as DynamicConfigKey);
    if (checked.type === 'json' && !checked.schema.safeParse(parsed).success) {
      setError(t('This JSON does not have the expected shape'));
      return;
    }
    setError(null);
    onSave(parsed as DynamicConfig['value']);
  };

  const shownError = error ?? serverError;
  return (
    <Flex vertical gap={4} style={{ minWidth: 260 }}>
      <Flex gap={8} align="start">
        {setting.type === 'int' ? (
          <InputNumber
            aria-label={label}
            min={setting.min}
            max={setting.max}
            precision={0}
            value={draft as number}
            status={shownError ? 'error' : undefined}
            onChange={(value) => setDraft(value)}
          />
        ) : setting.type === 'json' ? (
          <Input.TextArea
            translate="no"
            aria-label={label}
            autoSize={{ minRows: 3, maxRows: 10 }}
            style={{ fontFamily: 'monospace' }}
            value={String(draft)}
            status={shownError ? 'error' : undefined}
            onChange={(event) => setDraft(event.target.value)}
          />
        ) : (
          <Input
            aria-label={label}
            maxLength={setting.max_length}
            value={String(draft)}
            status={shownError ? 'error' : undefined}
            onChange={(event) => setDraft(event.target.value)}
          />
        )}
        <Button loading={saving} onClick={save}>
          {t('Save')}
        </Button>
      </Flex>
      {setting.type === 'int' ? (
        <Typography.Text type="secondary">
          {t('From {{min}} to {{max}}', { min: setting.min, max: setting.max })}
        </Typography.Text>
      ) : null}
      {shownError ? (
        <Typography.Text type="danger" role="alert">
          {shownError}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
