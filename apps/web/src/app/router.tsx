import { createBrowserRouter } from 'react-router';
import { createRoutes } from './routes';

/**
 * The app's router, with the shared query client (loaded by the first signed-in page); tests
 * build a memory router from `createRoutes` instead.
 */
export const router = createBrowserRouter(createRoutes());
