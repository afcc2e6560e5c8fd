// keno (to be written).
#pragma once
