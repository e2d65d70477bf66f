# Included by functions/<name>/Makefile (SAM `BuildMethod: makefile`): the function's code is its
# directory's Python files; the souk package and its dependencies come from the layers.
# SAM runs make from a scratch copy but passes the original Makefile, so paths start from it.
FUNCTION_DIR := $(abspath $(dir $(firstword $(MAKEFILE_LIST))))
ROOT := $(abspath $(FUNCTION_DIR)/../..)

build-%:
	@test -n "$(ARTIFACTS_DIR)" || { echo 'ARTIFACTS_DIR is not set (sam build sets it)' >&2; exit 2; }
	cp $(FUNCTION_DIR)/*.py "$(ARTIFACTS_DIR)/"
