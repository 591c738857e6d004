from typing import Any

from wtforms import FileField as _FileField

class FileField(_FileField):
    data: Any
