import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../widgets/brand/brand';
import { BrandMark } from '../../widgets/brand/brand-mark';
import { LightIcon } from '../../widgets/light-ui/icon';
import { CHECK_CIRCLE_ICON } from '../../widgets/light-ui/icons/check-circle';
import { AuthLanguageSelect } from './auth-language-select';
import '../../widgets/light-ui/light-ui.css';
import './auth-split-layout.css';

interface AuthSplitLayoutProps {
  children: ReactNode;
}

/** The global variant's frame for /login and /sign-up (light components only: no antd). */
export function AuthSplitLayout({ children }: AuthSplitLayoutProps) {
  const { t } = useTranslation();
  const points = [
    t('Ask questions about Google Analytics, Search Console and Google Ads data in plain language'),
    t('Turn answers into tables, charts and documents your team can share'),
    t('Write ad copy row by row with AI tables'),
  ];

  return (
    <div className="lui auth-split">
      <aside className="auth-split__showcase">
        <BrandMark inverse />
        <div className="auth-split__headline">
          <h2>{t('AI analytics for marketing teams')}</h2>
          <ul className="auth-split__points">
            {points.map((point) => (
              <li key={point}>
                <LightIcon shape={CHECK_CIRCLE_ICON} />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="auth-split__footnote">
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </div>
      </aside>
      <main className="auth-split__main">
        <div className="auth-split__top">
          <span className="auth-split__top-brand">
            <BrandMark size={28} />
          </span>
          <AuthLanguageSelect />
        </div>
        <div className="auth-split__body">
          <div className="auth-split__form">{children}</div>
        </div>
      </main>
    </div>
  );
}

/** The page's title and the line under it, as every page of this frame opens. */
export function AuthHeading({ title, intro }: { title: string; intro?: string }) {
  return (
    <>
      <h2 className="auth-split__title">{title}</h2>
      {intro ? <p className="lui-secondary auth-split__intro">{intro}</p> : null}
    </>
  );
}
