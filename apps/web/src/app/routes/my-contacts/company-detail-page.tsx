import { companySpec } from '../../../features/records/companies/company-spec';
import { recordDetailPage } from './record-detail-pages';

export const Component = recordDetailPage(companySpec);
