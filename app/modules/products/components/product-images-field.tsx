import { ArrowDown, ArrowUp, Star, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Progress } from '~/components/ui/progress'
import { PRODUCT_IMAGE } from '~/domain/uploads'
import { PRODUCT_IMAGE_UPLOAD_PATH, productImageThumb } from '../schemas'

type Ready = { key: number; path: string; thumb: string }
type Upload = { key: number; name: string; percent: number }
type Problem = { key: number; name: string; message: string }
type Action = 'up' | 'down' | 'cover' | 'remove'

let nextKey = 0

type UploadAnswer = { image?: { path: string; thumb: string }; error?: string; formError?: string } | null

/** Posts one file with XMLHttpRequest, whose upload events give real progress (fetch has none). */
function send(file: File, listed: string[], onProgress: (percent: number) => void, register: (xhr: XMLHttpRequest) => void) {
  return new Promise<{ status: number; answer: UploadAnswer; url: string }>((resolve) => {
    const xhr = new XMLHttpRequest()
    register(xhr)
    const body = new FormData()
    for (const path of listed) body.append('image', path)
    body.append(PRODUCT_IMAGE.field, file)
    xhr.open('POST', PRODUCT_IMAGE_UPLOAD_PATH)
    xhr.responseType = 'json'
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)))
    }
    xhr.onload = () => resolve({ status: xhr.status, answer: xhr.response as UploadAnswer, url: xhr.responseURL })
    xhr.onerror = () => resolve({ status: 0, answer: null, url: '' })
    xhr.onabort = () => resolve({ status: -1, answer: null, url: '' })
    xhr.send(body)
  })
}

function messageFor(status: number, answer: UploadAnswer, url: string): string {
  if (answer?.error) return answer.error
  if (answer?.formError) return answer.formError
  if (status === 413) return 'products:images.errors.tooLarge'
  // The write-burst limit's answer carries no upload error of its own.
  if (status === 429) return 'common:tooMany.description'
  if (status === 0) return 'products:images.errors.network'
  // A lapsed session: the redirect to the sign-in page was followed and answered with a page.
  if (url.includes('/login')) return 'products:images.errors.signedOut'
  return 'products:images.errors.uploadFailed'
}

/**
 * The product form's images: pick files (several at once), watch each upload's progress, reorder
 * with buttons, make one the cover (the first), remove. The list is submitted with the product form
 * as hidden `image` fields, in order. `onChange(busy)` fires after every change, busy while uploading.
 */
export function ProductImagesField({ initial, error, onChange }: { initial: string[]; error?: string; onChange: (busy: boolean) => void }) {
  const { t } = useTranslation('products')
  const [images, setImages] = useState<Ready[]>(() => initial.map((path) => ({ key: nextKey++, path, thumb: productImageThumb(path) })))
  const [uploads, setUploads] = useState<Upload[]>([])
  const [problems, setProblems] = useState<Problem[]>([])
  const [announcement, setAnnouncement] = useState('')
  const [focusTarget, setFocusTarget] = useState<{ key: number; action: Action } | null>(null)
  const imagesRef = useRef(images)
  imagesRef.current = images
  const queue = useRef<Promise<void>>(Promise.resolve())
  const requests = useRef(new Set<XMLHttpRequest>())
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const pickerRef = useRef<HTMLInputElement>(null)
  const mounted = useRef(false)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange

  const busy = uploads.length > 0
  const free = PRODUCT_IMAGE.maxCount - images.length - uploads.length
  const id = 'product-images'

  useEffect(() => {
    const open = requests.current
    return () => open.forEach((xhr) => xhr.abort())
  }, [])
  useEffect(() => {
    // Not on mount: the form takes its "unchanged" snapshot then.
    if (mounted.current) onChangeRef.current(busy)
    mounted.current = true
  }, [images, busy])
  useEffect(() => {
    if (!focusTarget) return
    const order: Action[] = focusTarget.action === 'up' ? ['up', 'down', 'remove'] : focusTarget.action === 'down' ? ['down', 'up', 'remove'] : ['up', 'down', 'remove']
    const button = order.map((a) => buttons.current.get(`${focusTarget.key}:${a}`)).find((b) => b && !b.disabled)
    if (button) button.focus()
    else pickerRef.current?.focus()
    setFocusTarget(null)
  }, [focusTarget])

  function upload(file: File, key: number) {
    queue.current = queue.current.then(async () => {
      const listed = imagesRef.current.map((i) => i.path)
      const { status, answer, url } = await send(
        file,
        listed,
        (percent) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, percent } : u))),
        (xhr) => requests.current.add(xhr),
      )
      if (status === -1) return // unmounted
      setUploads((list) => list.filter((u) => u.key !== key))
      const image = status === 200 ? answer?.image : undefined
      if (image) {
        if (imagesRef.current.some((i) => i.path === image.path)) {
          setProblems((list) => [...list, { key, name: file.name, message: 'products:images.errors.duplicate' }])
          setAnnouncement(t('images.fileError', { name: file.name, error: t('images.errors.duplicate') }))
          return
        }
        setImages((list) => [...list, { key, path: image.path, thumb: image.thumb }])
        setAnnouncement(t('images.added', { name: file.name }))
      } else {
        const message = messageFor(status, answer, url)
        setProblems((list) => [...list, { key, name: file.name, message }])
        setAnnouncement(t('images.fileError', { name: file.name, error: t(message) }))
      }
    })
  }

  function choose(files: FileList | null) {
    if (!files || files.length === 0) return
    const rejected: Problem[] = []
    const accepted: Upload[] = []
    for (const file of Array.from(files)) {
      const key = nextKey++
      // A quick answer in the browser; the server checks the bytes again and decides.
      const problem = PRODUCT_IMAGE.check([file], PRODUCT_IMAGE.maxCount - free + accepted.length)
      if (problem) rejected.push({ key, name: file.name, message: problem })
      else {
        accepted.push({ key, name: file.name, percent: 0 })
        upload(file, key)
      }
    }
    setProblems(rejected)
    setUploads((list) => [...list, ...accepted])
  }

  function act(index: number, action: Action) {
    const item = images[index]
    if (!item) return
    const list = [...images]
    list.splice(index, 1)
    if (action === 'remove') {
      setImages(list)
      setAnnouncement(t('images.removed', { n: index + 1 }))
      const neighbour = list[Math.min(index, list.length - 1)]
      if (neighbour) setFocusTarget({ key: neighbour.key, action: 'remove' })
      else requestAnimationFrame(() => pickerRef.current?.focus())
      return
    }
    const to = action === 'cover' ? 0 : action === 'up' ? index - 1 : index + 1
    list.splice(to, 0, item)
    setImages(list)
    setAnnouncement(action === 'cover' ? t('images.madeCover') : t('images.moved', { n: to + 1 }))
    setFocusTarget({ key: item.key, action })
  }

  const ref = (key: number, action: Action) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(`${key}:${action}`, el)
    else buttons.current.delete(`${key}:${action}`)
  }
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')

  return (
    <div className="flex flex-col gap-4">
      {images.map((image) => (
        <input key={image.key} type="hidden" name="image" value={image.path} />
      ))}
      {images.length > 0 ? (
        <ol className="grid gap-3 sm:grid-cols-2" aria-label={t('images.listLabel')}>
          {images.map((image, i) => (
            <li key={image.key} className="flex gap-3 rounded-md border p-2">
              <img src={image.thumb} alt={t('images.alt', { n: i + 1, count: images.length })} className="size-24 shrink-0 rounded bg-muted object-cover" />
              <div className="flex min-w-0 flex-1 flex-col justify-between gap-2">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium">{t('images.position', { n: i + 1 })}</span>
                  {i === 0 ? (
                    <Badge variant="secondary" className="gap-1">
                      <Star className="size-3" aria-hidden />
                      {t('images.cover')}
                    </Badge>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-1">
                  <Button ref={ref(image.key, 'up')} type="button" variant="outline" size="sm" disabled={i === 0} onClick={() => act(i, 'up')} aria-label={t('images.moveUp', { n: i + 1 })}>
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button
                    ref={ref(image.key, 'down')}
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={i === images.length - 1}
                    onClick={() => act(i, 'down')}
                    aria-label={t('images.moveDown', { n: i + 1 })}
                  >
                    <ArrowDown aria-hidden />
                  </Button>
                  {i > 0 ? (
                    <Button ref={ref(image.key, 'cover')} type="button" variant="outline" size="sm" onClick={() => act(i, 'cover')} aria-label={t('images.makeCover', { n: i + 1 })}>
                      <Star aria-hidden />
                      <span aria-hidden>{t('images.cover')}</span>
                    </Button>
                  ) : null}
                  <Button ref={ref(image.key, 'remove')} type="button" variant="ghost" size="sm" onClick={() => act(i, 'remove')} aria-label={t('images.remove', { n: i + 1 })}>
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">{t('images.empty')}</p>
      )}

      {uploads.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {uploads.map((u) => (
            <li key={u.key} className="flex flex-col gap-1 text-sm">
              <span id={`${id}-upload-${u.key}`}>{u.percent < 100 ? t('images.uploading', { name: u.name, percent: u.percent }) : t('images.processing', { name: u.name })}</span>
              <Progress value={u.percent} aria-labelledby={`${id}-upload-${u.key}`} />
            </li>
          ))}
        </ul>
      ) : null}

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id}>{t('images.choose')}</Label>
        <Input
          ref={pickerRef}
          id={id}
          type="file"
          multiple
          accept={PRODUCT_IMAGE.accept}
          disabled={free <= 0}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="h-auto cursor-pointer py-2"
          onChange={(event) => {
            choose(event.currentTarget.files)
            event.currentTarget.value = ''
          }}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {free <= 0 ? t('images.full') : t('images.hint')}
        </p>
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {t(error)}
          </p>
        ) : null}
      </div>
      {problems.length > 0 ? (
        <div role="alert">
          <ul className="flex flex-col gap-1 text-sm text-destructive">
            {problems.map((p) => (
              <li key={p.key}>{t('images.fileError', { name: p.name, error: t(p.message) })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  )
}
