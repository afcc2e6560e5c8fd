// tavla (to be written).
#pragma once
