import type { postSignOut } from '@app/contract/auth/sign-out';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { endpointRef, lightCall } from '../../lib/api/light-client';
import { clearToken } from '../../lib/cookies';

// The shell's own calls go through the light client: /chat loads no zod (docs/performance.md).
const signOutEndpoint = endpointRef<typeof postSignOut>('POST', '/api/sign-out');

/** Spec section 4: sign-out clears the bearer cookie and goes to /login. */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await lightCall(signOutEndpoint, { body: {}, silent: true });
    } catch {
      // The server may be down or the session already gone; the user still asked to leave, and
      // dropping the token below ends the session on this device either way.
    }
    clearToken();
    // Leave first, then forget: clearing while the shell is mounted would make it refetch the
    // user's data without a token.
    await navigate('/login', { replace: true });
    queryClient.clear();
  };

  return { signOut, signingOut };
}
