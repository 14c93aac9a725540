import { Label } from '~/components/ui/label'
import { NativeSelect } from '~/components/ui/native-select'

/** A list filter's labelled select in a GET form: "all" (no value) first, then one option per choice. */
export function FilterSelect({ id, name, label, value, all, options }: { id: string; name: string; label: string; value: string | undefined; all: string; options: readonly { value: string; label: string }[] }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} name={name} defaultValue={value}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  )
}
