// Package uploads receives the files respondents give file questions
// (submissions.upload) and hands them back to the form's managers
// (submissions.file).
//
// Bytes travel in chunks, each its own small JSON-RPC call of at most
// ChunkBytes of base64, so that no frame grows past the socket's limit
// whatever the file's size. The first chunk names the form (its public
// token and the respondent's form_token), the field, the file's name and
// its declared size, and gets an upload id; the next ones name that id
// and the offset they start at. The last (final: true) makes the daemon
// check the size against the field's max_size_kb and the daemon's cap,
// sniff the type from the bytes (never from the name), match it against
// the field's accept list, and only then record the upload as pending.
// A submission claims it by naming the upload id in its answer
// (sqlstore's ClaimUploads); one never claimed is swept after
// PendingTTL, a chunked upload left unfinished after PartTTL.
//
// Files live in one directory outside any web root (Store): 0700, files
// 0600 under random names without extension, never executable.
package uploads
