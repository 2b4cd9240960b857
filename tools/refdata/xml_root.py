# Reference value: the root element's tag name of an XML file, as Python's expat parser
# (xml.dom.minidom) reads it; the parse fails (and so does the program) on XML that is not well-formed.
# Debian packages: python3
# argv: FILE; prints "tag"
import json
import sys
import xml.dom.minidom

with open(sys.argv[1], 'rb') as f:
    d = xml.dom.minidom.parseString(f.read())
print(json.dumps(d.documentElement.tagName))
