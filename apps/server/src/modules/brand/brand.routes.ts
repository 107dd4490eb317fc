import {
  deleteBrandLogo,
  getBrandProfile,
  putBrandProfile,
  uploadBrandLogo,
} from '@app/contract/account/brand/brand';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as brand from './brand.service';

/** The logo is served by the files module at `/api/files/{id}` (public file). */
export const brandModule: ServerModule = {
  name: 'brand',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(getBrandProfile, ({ ctx }) => brand.getBrand(platform, ctx));
    route(putBrandProfile, ({ ctx, body }) => brand.putBrand(platform, ctx, body));
    route(uploadBrandLogo, ({ ctx, request }) => brand.uploadLogo(platform, ctx, request));
    route(deleteBrandLogo, ({ ctx }) => brand.deleteLogo(platform, ctx));
  },
};
