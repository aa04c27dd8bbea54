import {
  billingPaths,
  creditPackListSchema,
  creditPackPurchaseResultSchema,
  invoicePageSchema,
  invoiceSchema,
  paymentMethodListSchema,
  paymentMethodSchema,
  planListSchema,
  setupIntentSchema,
  subscriptionChangeResultSchema,
  subscriptionPreviewSchema,
  subscriptionSchema,
  type CreditPackId,
  type EnterpriseInquiryBody,
  type PaymentMethodCreateBody,
  type SubscriptionChangeBody,
} from '@leadtrail/contracts';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';

export const billingKey = ['billing'] as const;
export const subscriptionKey = [...billingKey, 'subscription'] as const;
const paymentMethodsKey = [...billingKey, 'payment-methods'] as const;
const invoicesKey = [...billingKey, 'invoices'] as const;

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: [...billingKey, 'plans'],
    queryFn: ({ signal }) => api.get(billingPaths.plans, { schema: planListSchema, signal }),
    staleTime: 10 * 60_000,
  });
export const usePlans = () => useQuery(plansQueryOptions());

/** Every member may read it; the app shell's past-due banner shares it (owner/admin). */
export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKey,
    queryFn: ({ signal }) => api.get(billingPaths.subscription, { schema: subscriptionSchema, signal }),
  });
export const useSubscription = (enabled = true) => useQuery({ ...subscriptionQueryOptions(), enabled });

export const useCreditPacks = (enabled: boolean) =>
  useQuery({
    queryKey: [...billingKey, 'credit-packs'],
    queryFn: ({ signal }) => api.get(billingPaths.creditPacks, { schema: creditPackListSchema, signal }),
    enabled,
    staleTime: 10 * 60_000,
  });

export const usePaymentMethods = (enabled = true) =>
  useQuery({
    queryKey: paymentMethodsKey,
    queryFn: ({ signal }) => api.get(billingPaths.paymentMethods, { schema: paymentMethodListSchema, signal }),
    enabled,
  });

export const useInvoices = (limit = 25) =>
  useInfiniteQuery({
    queryKey: [...invoicesKey, 'page', limit],
    queryFn: ({ pageParam, signal }) =>
      api.get(billingPaths.invoices, { schema: invoicePageSchema, signal, query: { limit, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useInvoice = (id: string | null) =>
  useQuery({
    queryKey: [...invoicesKey, 'one', id],
    queryFn: ({ signal }) => api.get(billingPaths.invoice(id ?? ''), { schema: invoiceSchema, signal }),
    enabled: !!id,
  });

/** The preview of a plan change: fetched when the dialog opens, never cached past it. */
export const useSubscriptionPreview = (body: SubscriptionChangeBody | null) =>
  useQuery({
    queryKey: [...billingKey, 'preview', body],
    queryFn: ({ signal }) => api.post(billingPaths.subscriptionPreview, body, { schema: subscriptionPreviewSchema, signal }),
    enabled: !!body,
    gcTime: 0,
    staleTime: 0,
  });

/**
 * What a charge or a plan change touches: the plan, the invoices, the cards, the seats of the
 * Users page and the credits (the top bar's balance and the transactions log).
 */
export function useRefreshAfterBilling() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: billingKey }),
      queryClient.invalidateQueries({ queryKey: ['credits'] }),
      queryClient.invalidateQueries({ queryKey: ['credit-transactions'] }),
      queryClient.invalidateQueries({ queryKey: ['members'] }),
    ]);
}

/** A fresh key per attempt the user starts: a retried request (network) is charged once. */
export const newIdempotencyKey = (): string => crypto.randomUUID();

export function useChangePlan() {
  const refresh = useRefreshAfterBilling();
  return useMutation({
    mutationFn: ({ body, key }: { body: SubscriptionChangeBody; key: string }) =>
      apiRequest(billingPaths.subscription, {
        method: 'PUT',
        body,
        headers: { 'Idempotency-Key': key },
        schema: subscriptionChangeResultSchema,
      }),
    onSettled: () => refresh(),
  });
}

export function useCancelSubscription() {
  const refresh = useRefreshAfterBilling();
  return useMutation({
    mutationFn: () => api.post(billingPaths.subscriptionCancel, undefined, { schema: subscriptionSchema }),
    onSuccess: () => refresh(),
  });
}

export function useResumeSubscription() {
  const refresh = useRefreshAfterBilling();
  return useMutation({
    mutationFn: () => api.post(billingPaths.subscriptionResume, undefined, { schema: subscriptionSchema }),
    onSuccess: () => refresh(),
  });
}

export function useBuyCreditPack() {
  const refresh = useRefreshAfterBilling();
  return useMutation({
    mutationFn: ({ id, key }: { id: CreditPackId; key: string }) =>
      api.post(billingPaths.creditPackPurchase(id), undefined, {
        headers: { 'Idempotency-Key': key },
        schema: creditPackPurchaseResultSchema,
      }),
    onSettled: () => refresh(),
  });
}

/** Completes a payment after its confirmation step (3-D Secure). */
export function usePayInvoice() {
  const refresh = useRefreshAfterBilling();
  return useMutation({
    mutationFn: ({ id, paymentIntentId }: { id: string; paymentIntentId?: string }) =>
      api.post(billingPaths.invoicePay(id), paymentIntentId ? { paymentIntentId } : {}, { schema: invoiceSchema }),
    onSettled: () => refresh(),
  });
}

export function useAddPaymentMethod() {
  const refresh = useRefreshAfterBilling();
  return useMutation({
    mutationFn: (body: PaymentMethodCreateBody) => api.post(billingPaths.paymentMethods, body, { schema: paymentMethodSchema }),
    onSuccess: () => refresh(),
  });
}

export const createSetupIntent = () => api.post(billingPaths.paymentMethodSetupIntent, undefined, { schema: setupIntentSchema });

export function useMakeDefaultPaymentMethod() {
  const refresh = useRefreshAfterBilling();
  return useMutation({
    mutationFn: (id: string) => api.post(billingPaths.paymentMethodDefault(id), undefined, { schema: paymentMethodSchema }),
    onSuccess: () => refresh(),
  });
}

export function useRemovePaymentMethod() {
  const refresh = useRefreshAfterBilling();
  return useMutation({
    mutationFn: (id: string) => api.delete(billingPaths.paymentMethod(id)),
    onSuccess: () => refresh(),
  });
}

export function useEnterpriseInquiry() {
  return useMutation({
    mutationFn: (body: EnterpriseInquiryBody) => api.post(billingPaths.enterpriseInquiry, body),
  });
}
