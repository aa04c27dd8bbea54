import { companySpec } from '../../../features/records/companies/company-spec';
import { recordDetailPage } from './record-pages';

export const Component = recordDetailPage(companySpec);
