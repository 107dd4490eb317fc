import type { ReactNode } from 'react';
import { BrandMark } from '../../widgets/brand/brand-mark';
import { AuthLanguageSelect } from './auth-language-select';
import '../../widgets/light-ui/light-ui.css';
import './cn-auth-layout.css';

interface CnAuthLayoutProps {
  title: string;
  children: ReactNode;
}

/** The China-region variant's frame for /login and /sign-up (light components only: no antd). */
export function CnAuthLayout({ title, children }: CnAuthLayoutProps) {
  return (
    <div className="lui cn-auth">
      <div className="cn-auth__top">
        <BrandMark size={28} />
        <AuthLanguageSelect />
      </div>
      <main className="cn-auth__body">
        <div className="cn-auth__panel">
          <h3 className="cn-auth__title">{title}</h3>
          {children}
        </div>
      </main>
    </div>
  );
}
