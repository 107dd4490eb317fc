import { Outlet } from 'react-router';
import { MobileTabBar } from './mobile-tab-bar';
import './mobile-shell.css';

/**
 * The `/moblie/...` pages (spec section 2, "Mobile shell"): no top bar, each page draws its own
 * small header, and the bottom menu stays in reach of the thumb.
 */
export function MobileShell() {
  return (
    <div className="mobile-shell">
      <main>
        <Outlet />
      </main>
      <MobileTabBar />
    </div>
  );
}
