import { LeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface MobilePageHeaderProps {
  title: string;
  /** Where the back arrow leads; no arrow on a tab's own page. */
  backTo?: string;
}

/** The small header each mobile page draws in place of the desktop top bar. */
export function MobilePageHeader({ title, backTo }: MobilePageHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="mobile-page-header">
      {backTo ? (
        <Link to={backTo} className="mobile-page-header__back" aria-label={t('Back')}>
          <LeftOutlined aria-hidden />
        </Link>
      ) : null}
      <h1 className="mobile-page-header__title">{title}</h1>
    </header>
  );
}
