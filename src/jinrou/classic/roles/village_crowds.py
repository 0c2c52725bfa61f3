"""村人系 of crowds (V2.2, classic-roles-village-2.md): 花見客 and the 酔っ払い, デスノート and 死神の手帳,
配信者 and its listeners."""

from __future__ import annotations
