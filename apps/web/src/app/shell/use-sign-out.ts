import { postSignOut } from '@app/contract/auth/sign-out';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { callApi } from '../../lib/api/client';
import { clearToken } from '../../lib/cookies';

/** Spec section 4: sign-out clears the bearer cookie and goes to /login. */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await callApi(postSignOut, { body: {}, silent: true });
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
