/** Offers text as a file download. A BOM first, so spreadsheet programs read it as UTF-8. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Revoke once the browser has taken the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
