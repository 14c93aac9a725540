import { data } from 'react-router'

/**
 * The request's form, or a thrown 400 ('errors:badRequest') when the body is not a form at all (no
 * or a wrong Content-Type, a broken multipart body): reading it must never become a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw data({ formError: 'errors:badRequest' }, { status: 400 })
  }
}
