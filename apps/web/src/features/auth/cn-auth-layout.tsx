import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { BrandMark } from '../../app/brand-mark';
import { AuthLanguageSelect } from './auth-language-select';
import './cn-auth-layout.css';

interface CnAuthLayoutProps {
  title: string;
  children: ReactNode;
}

/** The China-region variant's frame for /login and /sign-up. */
export function CnAuthLayout({ title, children }: CnAuthLayoutProps) {
  return (
    <div className="cn-auth">
      <div className="cn-auth__top">
        <BrandMark size={28} />
        <AuthLanguageSelect />
      </div>
      <main className="cn-auth__body">
        <Card className="cn-auth__panel" variant="borderless">
          <Typography.Title level={3} style={{ marginTop: 0, textAlign: 'center' }}>
            {title}
          </Typography.Title>
          {children}
        </Card>
      </main>
    </div>
  );
}
