export { type ApiClient, type ApiClientOptions, createApiClient, type DownloadedFile, filenameOf, type ImportProgress, type LeadsParams, type LoginInput, type MessageAnswer, type PaymentMethodChoice, type ProfileUpdateInput, RESUMABLE_UPLOAD_THRESHOLD, type RegisterInput, type TeamActivityParams, type VideoListPage, type VideoListParams, type VideoUploadInput } from './api.ts';
export { type Core, type CoreOptions, createCore, type Query, queryString, type RequestOptions } from './core.ts';
export type { EmbedOptions } from './embed.ts';
export { ApiError, errorFromBody, errorMessage, fieldErrorSentence, fieldLabel, formatFieldErrors } from './errors.ts';
export { isSession, memoryTokenStorage, SESSION_EXPIRED_MESSAGE, type DeviceTokenStorage, type Session, type SignOutEvent, type SignOutReason, type TokenStorage } from './session.ts';
export { type ProgressHandler, progressOf, type UploadProgress } from './transport.ts';
export { TUS_PATH, type TusInput, tusOffset, tusUpload } from './tus.ts';
// Every operation of the contract as `<method> <path>`, by operationId: the API binds its routes to these.
export * as op from './routes.generated.ts';
export type { OperationAt, Route } from './route.ts';
