import { Link, useSearchParams } from 'react-router';

interface AuthSwitchLinkProps {
  prompt: string;
  label: string;
  to: '/login' | '/sign-up';
}

/** "No account yet? Create one" and back; `next` travels along so the user still lands where they meant to. */
export function AuthSwitchLink({ prompt, label, to }: AuthSwitchLinkProps) {
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  const target = next ? `${to}?${new URLSearchParams({ next })}` : to;
  return (
    <p className="lui-secondary" style={{ marginTop: 24, marginBottom: 0, textAlign: 'center' }}>
      {prompt} <Link to={target}>{label}</Link>
    </p>
  );
}
