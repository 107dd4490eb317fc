import type { THEMES } from '@app/contract/account/personalization/personalization';
import { Flex, Radio, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { themeLabel } from '../../lib/labels/account-labels';
import { type ThemeMode, themeFor } from '../../lib/theme';

interface ThemeChoiceProps {
  id?: string;
  value?: (typeof THEMES)[number];
  onChange?: (mode: ThemeMode) => void;
}

/** A thumbnail of a page in that theme, drawn from the theme's own tokens so it can never drift. */
function ThemePreview({ mode }: { mode: ThemeMode }) {
  const tokens = useMemo(() => theme.getDesignToken(themeFor(mode)), [mode]);
  const line = (width: string, color: string) => (
    <span style={{ display: 'block', height: 4, width, borderRadius: 2, background: color }} />
  );
  return (
    <span
      aria-hidden
      style={{
        display: 'block',
        width: 112,
        padding: 6,
        borderRadius: 6,
        background: tokens.colorBgLayout,
        border: `1px solid ${tokens.colorBorder}`,
      }}
    >
      <span
        style={{
          display: 'block',
          height: 10,
          marginBottom: 6,
          borderRadius: 3,
          background: tokens.colorBgContainer,
        }}
      />
      <Flex vertical gap={4} style={{ padding: 6, borderRadius: 4, background: tokens.colorBgContainer }}>
        {line('70%', tokens.colorText)}
        {line('90%', tokens.colorTextQuaternary)}
        {line('40%', tokens.colorPrimary)}
      </Flex>
    </span>
  );
}

/** Light or dark, each with a small preview of a page in it. */
export function ThemeChoice({ id, value, onChange }: ThemeChoiceProps) {
  const { t } = useTranslation();
  const choices: { mode: ThemeMode; label: string }[] = [
    { mode: 'light', label: themeLabel('light', t) },
    { mode: 'dark', label: themeLabel('dark', t) },
  ];

  return (
    <Radio.Group id={id} value={value} onChange={(event) => onChange?.(event.target.value as ThemeMode)}>
      <Flex gap={16} wrap>
        {choices.map(({ mode, label }) => (
          <Radio key={mode} value={mode}>
            <Flex vertical gap={6}>
              <ThemePreview mode={mode} />
              <span>{label}</span>
            </Flex>
          </Radio>
        ))}
      </Flex>
    </Radio.Group>
  );
}
