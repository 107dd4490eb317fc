import { Card } from 'antd';
import type { ReactNode } from 'react';
import './invite-page-layout.css';

/** A centred card for the project invite page, which is public and so renders outside every shell. */
export function InvitePageLayout({ children }: { children: ReactNode }) {
  return (
    <main className="invite-page">
      <Card className="invite-page__card" variant="borderless">
        {children}
      </Card>
    </main>
  );
}
