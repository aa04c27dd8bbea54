import { companySchema } from '@leadtrail/contracts';
import { recordApi } from '../api/record-api';

export const companiesApi = recordApi('companies', companySchema);
