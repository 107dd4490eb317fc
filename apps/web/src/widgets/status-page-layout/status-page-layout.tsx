import { Card } from 'antd';
import type { ReactNode } from 'react';
import './status-page-layout.css';

interface StatusPageLayoutProps {
  children: ReactNode;
}

/** The frame shared by the 403, 404 and 500 pages, which render outside the signed-in shell. */
export function StatusPageLayout({ children }: StatusPageLayoutProps) {
  return (
    <main className="status-page">
      <Card className="status-page__card" variant="borderless">
        {children}
      </Card>
    </main>
  );
}
