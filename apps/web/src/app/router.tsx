import { createBrowserRouter } from 'react-router';
import { queryClient } from '../lib/query-client';
import { createRoutes } from './routes';

/** The app's router; tests build a memory router from `createRoutes` instead. */
export const router = createBrowserRouter(createRoutes(queryClient));
