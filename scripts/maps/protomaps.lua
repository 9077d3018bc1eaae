-- A small tilemaker process file that writes the Protomaps basemap v4 layer names and kinds
-- (earth, water, landuse, landcover, roads, transit, buildings, boundaries, places, pois), so NavDisplay's
-- Protomaps style is tested on the same real OSM data as its OpenMapTiles style. It follows the v4 schema's
-- layer and `kind` / `kind_detail` names; it is not a full port of the Protomaps builder.

node_keys = { "place", "amenity", "shop", "tourism", "railway", "leisure", "historic" }

function init_function() end
function exit_function() end

local function Set(list)
	local s = {}
	for _, v in ipairs(list) do s[v] = true end
	return s
end

local highwayKinds = {
	motorway = "highway", motorway_link = "highway", trunk = "highway", trunk_link = "highway",
	primary = "major_road", primary_link = "major_road", secondary = "major_road", secondary_link = "major_road",
	tertiary = "major_road", tertiary_link = "major_road",
	residential = "minor_road", unclassified = "minor_road", service = "minor_road", living_street = "minor_road",
	pedestrian = "path", footway = "path", cycleway = "path", path = "path", steps = "path", bridleway = "path",
	track = "path", corridor = "path",
}
local parkValues = Set { "park", "garden", "playground", "recreation_ground", "pitch", "dog_park" }
local landuseValues = Set { "residential", "commercial", "retail", "industrial", "railway", "cemetery",
	"construction", "grass", "forest", "meadow", "allotments", "military", "brownfield", "village_green" }
local placeKinds = { city = "locality", town = "locality", village = "locality", suburb = "neighbourhood",
	quarter = "neighbourhood", neighbourhood = "neighbourhood", square = "neighbourhood", island = "neighbourhood" }

local function names(obj)
	local name = obj:Find("name")
	if name ~= "" then obj:Attribute("name", name) end
	local en = obj:Find("name:en")
	if en ~= "" then obj:Attribute("name:en", en) end
end

function node_function(node)
	local place = node:Find("place")
	if placeKinds[place] then
		node:Layer("places", false)
		node:Attribute("kind", placeKinds[place])
		node:Attribute("kind_detail", place)
		names(node)
		return
	end
	local amenity, shop, tourism = node:Find("amenity"), node:Find("shop"), node:Find("tourism")
	local kind = amenity ~= "" and amenity or (shop ~= "" and shop or tourism)
	if kind ~= "" and node:Find("name") ~= "" then
		node:Layer("pois", false)
		node:Attribute("kind", kind)
		names(node)
		node:MinZoom(15)
	end
	if node:Find("railway") == "station" then
		node:Layer("pois", false)
		node:Attribute("kind", "station")
		names(node)
	end
end

function way_function(way)
	local highway, railway, building = way:Find("highway"), way:Find("railway"), way:Find("building")
	local natural, waterway, landuse, leisure = way:Find("natural"), way:Find("waterway"), way:Find("landuse"), way:Find("leisure")
	local closed = way:IsClosed()

	if highwayKinds[highway] then
		if way:Find("access") == "private" then return end
		way:Layer("roads", false)
		way:Attribute("kind", highwayKinds[highway])
		way:Attribute("kind_detail", highway)
		if way:Find("bridge") == "yes" then way:Attribute("is_bridge", "true") end
		if way:Find("tunnel") == "yes" then way:Attribute("is_tunnel", "true") end
		if string.find(highway, "_link") then way:Attribute("is_link", "true") end
		names(way)
		return
	end
	if railway == "rail" or railway == "tram" or railway == "subway" or railway == "light_rail" then
		way:Layer("roads", false)
		way:Attribute("kind", "rail")
		way:Attribute("kind_detail", railway)
		return
	end
	if building ~= "" and closed then
		way:Layer("buildings", true)
		way:Attribute("kind", "building")
		return
	end
	if (natural == "water" or way:Find("water") ~= "" or landuse == "basin" or leisure == "swimming_pool") and closed then
		way:Layer("water", true)
		way:Attribute("kind", "water")
		way:Attribute("kind_detail", natural == "water" and "water" or "lake")
		return
	end
	if waterway ~= "" then
		way:Layer("water", false)
		way:Attribute("kind", waterway)
		return
	end
	if closed and (parkValues[leisure] or landuse == "grass" or natural == "wood" or landuse == "forest" or landuse == "cemetery") then
		way:Layer("landuse", true)
		local k = parkValues[leisure] and (leisure == "pitch" and "pitch" or "park") or (landuse ~= "" and landuse or natural)
		way:Attribute("kind", k)
		names(way)
		return
	end
	if closed and landuseValues[landuse] then
		way:Layer("landuse", true)
		way:Attribute("kind", landuse)
		return
	end
	if way:Find("boundary") == "administrative" then
		way:Layer("boundaries", false)
		way:AttributeNumeric("kind_detail", tonumber(way:Find("admin_level")) or 8)
		way:Attribute("kind", "locality")
	end
end
