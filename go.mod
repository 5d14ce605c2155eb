module github.com/crapslab/craps

go 1.25.0

require (
	github.com/google/go-cmp v0.7.0
	golang.org/x/sys v0.47.0
	pgregory.net/rapid v1.3.0
)
