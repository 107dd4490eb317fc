import { CheckOutlined } from '@ant-design/icons';
import type { Locale } from '@app/contract/common';
import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { Drawer, Empty, Menu } from 'antd';
import { useTranslation } from 'react-i18next';

interface LanguageDrawerProps {
  open: boolean;
  onClose: () => void;
  languages: BasicInfos['languages'];
  current: Locale;
  /** The language being loaded, if any; the menu waits for it. */
  pending: Locale | null;
  onChoose: (loc: Locale) => void;
}

/** The languages the server offers (`switch` on), the current one checked. */
export function LanguageDrawer({
  open,
  onClose,
  languages,
  current,
  pending,
  onChoose,
}: LanguageDrawerProps) {
  const { t } = useTranslation();
  const offered = languages.filter((language) => language.switch);

  return (
    <Drawer
      title={t('Language')}
      open={open}
      onClose={onClose}
      size="min(320px, 100vw)"
      styles={{ body: { padding: 8 } }}
    >
      {offered.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('No other languages are available')} />
      ) : (
        <Menu
          mode="inline"
          style={{ borderInlineEnd: 0 }}
          selectedKeys={[current]}
          items={offered.map((language) => ({
            key: language.loc,
            label: language.display,
            disabled: pending !== null,
            extra: language.loc === current ? <CheckOutlined aria-hidden /> : undefined,
          }))}
          onClick={({ key }) => {
            const chosen = offered.find((language) => language.loc === key);
            if (chosen) onChoose(chosen.loc);
          }}
        />
      )}
    </Drawer>
  );
}
